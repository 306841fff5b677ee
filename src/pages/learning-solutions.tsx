import { PageHeader } from '../components/content-page/page-header';
import {
  LEARNING_SOLUTIONS_WHAT,
  LearningSolutionList,
  LearningSolutionsSkeleton,
} from '../components/home/learning-solutions';
import styles from '../components/home/learning-solutions.module.css';
import { Section } from '../components/ui/section';
import { getLearningSolutions } from '../lib/content';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { listOf } from '../lib/seo/plain-text';

/** " in A, B and C" for the head's description, from the solutions' titles (none while they are not at hand). */
function fieldsOf(solutions: readonly { title: string }[] | undefined): string {
  return solutions?.length ? ` in ${listOf(solutions.map((solution) => solution.title))}` : '';
}

/** /learning-solutions: the learning-solution cards under the page's h1. */
export default async function LearningSolutionsPage() {
  const solutions = getLearningSolutions();
  return (
    <>
      <PageHead data={solutions}>
        {(list) => (
          <Meta
            description={`Complete training programmes${fieldsOf(list)}, each with its own course schedule.`}
            route="/learning-solutions"
          />
        )}
      </PageHead>
      <article className={styles.page} aria-labelledby="learning-solutions-title">
        <PageHeader
          id="learning-solutions-title"
          eyebrow="Programmes for organisations"
          title="Our learning Solutions"
          lead="Complete programmes in the fields our clients ask for most, each with its own course schedule."
        />
        <div className={`container ${styles.wide} ${styles.pageBody}`}>
          <Section data={solutions} skeleton={<LearningSolutionsSkeleton />} what={LEARNING_SOLUTIONS_WHAT}>
            {(solutions) => <LearningSolutionList solutions={solutions} cardHeading="h2" firstScreen />}
          </Section>
        </div>
      </article>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
