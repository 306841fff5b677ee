import { Streamed } from '../ui/streamed';
import { getLearningSolutions } from '../../lib/admin/content.server';
import { safeUrl } from '../../lib/rich-text/safe-url';
import { PageHeader } from '../content-page/page-header';
import { ButtonLink } from '../ui/button-link';
import { SectionError } from '../ui/section-error';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { SectionHeading, type HeadingLevel } from './section-heading';
import styles from './learning-solutions.module.css';

export const LEARNING_SOLUTION_SKELETON_COUNT = 8;
/** Cards in the grid's first row at its widest. */
const FIRST_ROW = 4;

/** 'Our learning Solutions': on the home page (h2) and as the whole of /learning-solutions (h1). */
export function LearningSolutions({ level = 2 }: { level?: HeadingLevel }) {
  if (level === 1) {
    return (
      <article className={styles.page} aria-labelledby="learning-solutions-title">
        <PageHeader
          id="learning-solutions-title"
          eyebrow="Programmes for organisations"
          title="Our learning Solutions"
          lead="Complete programmes in the fields our clients ask for most, each with its own course schedule."
        />
        <div className={`container ${styles.wide} ${styles.pageBody}`}>
          <Streamed ready={getLearningSolutions()} fallback={<LearningSolutionsSkeleton />}>
            <LearningSolutionList level={level} />
          </Streamed>
        </div>
      </article>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="learning-solutions-title">
      <div className={`container ${styles.wide}`}>
        <SectionHeading id="learning-solutions-title" level={level} eyebrow="Programmes for organisations">
          Our learning Solutions
        </SectionHeading>
        <Streamed ready={getLearningSolutions()} fallback={<LearningSolutionsSkeleton />}>
          <LearningSolutionList level={level} />
        </Streamed>
      </div>
    </section>
  );
}

async function LearningSolutionList({ level }: { level: HeadingLevel }) {
  const solutions = await getLearningSolutions();
  if (!solutions.ok) return <SectionError error={solutions.error} what="Our learning solutions" />;
  if (solutions.data.length === 0)
    return <p className={styles.empty}>Our learning solutions are being updated. Please check back soon.</p>;
  const CardHeading = level === 1 ? 'h2' : 'h3';
  return (
    <ul className={styles.grid}>
      {solutions.data.map((solution, index) => {
        const thumb = safeUrl(solution.thumb_image);
        const titleId = `learning-solution-${solution.id}`;
        return (
          <li key={solution.id} className={styles.item}>
            <article className={styles.card} aria-labelledby={titleId} data-learning-solution={solution.id}>
              {thumb ? (
                <img
                  className={styles.thumb}
                  src={thumb}
                  alt=""
                  width={640}
                  height={480}
                  // on /learning-solutions the first row (four cards on a laptop) is in the first screen
                  loading={level === 1 && index < FIRST_ROW ? undefined : 'lazy'}
                />
              ) : (
                <div className={styles.thumb} />
              )}
              <div className={styles.body}>
                <CardHeading id={titleId} className={styles.title}>
                  {solution.title}
                </CardHeading>
                <ButtonLink
                  href={`/learning-solutions-course-details/${solution.id}`}
                  variant="outline"
                  size="small"
                  className={styles.more}
                >
                  SEE MORE<span className="visually-hidden"> about {solution.title}</span>
                </ButtonLink>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function LearningSolutionsSkeleton() {
  return (
    <LoadingRegion label="Loading learning solutions" className={styles.grid}>
      {Array.from({ length: LEARNING_SOLUTION_SKELETON_COUNT }, (_, index) => (
        <div key={index} className={styles.skeletonCard} data-skeleton="solution-card">
          <Skeleton className={styles.skeletonImage} />
          <div className={styles.body}>
            <Skeleton className={styles.skeletonTitle} />
            <Skeleton className={styles.skeletonButton} />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
