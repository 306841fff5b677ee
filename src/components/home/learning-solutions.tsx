import type { ContentResult } from '../../lib/admin/content-error';
import type { LearningSolution } from '../../lib/admin/schemas';
import { ButtonLink } from '../ui/button-link';
import { Section } from '../ui/section';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { SectionHeading } from './section-heading';
import styles from './learning-solutions.module.css';
import { AdminImage } from '../ui/admin-image';
import { href } from '../../lib/site-routes';

const LEARNING_SOLUTION_SKELETON_COUNT = 8;
/** Cards in the grid's first row at its widest. */
const FIRST_ROW = 4;

export const LEARNING_SOLUTIONS_WHAT = 'Our learning solutions';

/** 'Our learning Solutions' as a home section (h2); /learning-solutions shows the same list under its h1. */
export function LearningSolutionsSection({ solutions }: { solutions: Promise<ContentResult<LearningSolution[]>> }) {
  return (
    <section className={`${styles.section} past-first-screen`} aria-labelledby="learning-solutions-title">
      <div className={`container ${styles.wide}`}>
        <SectionHeading id="learning-solutions-title" eyebrow="Programmes for organisations">
          Our learning Solutions
        </SectionHeading>
        <Section data={solutions} skeleton={<LearningSolutionsSkeleton />} what={LEARNING_SOLUTIONS_WHAT}>
          {(list) => <LearningSolutionList solutions={list} cardHeading="h3" />}
        </Section>
      </div>
    </section>
  );
}

/**
 * The cards; `cardHeading` is one level below the heading the list sits under. `firstScreen`: the list is
 * the page's main content, so its first row loads at once (it holds the largest picture of the first screen).
 */
export function LearningSolutionList({
  solutions,
  cardHeading: CardHeading,
  firstScreen = false,
}: {
  solutions: LearningSolution[];
  cardHeading: 'h2' | 'h3';
  firstScreen?: boolean;
}) {
  if (solutions.length === 0)
    return <p className={styles.empty}>Our learning solutions are being updated. Please check back soon.</p>;
  return (
    <ul className={styles.grid}>
      {solutions.map((solution, index) => {
        const thumb = solution.thumb_image;
        const titleId = `learning-solution-${solution.id}`;
        return (
          <li key={solution.id} className={styles.item}>
            <article className={styles.card} aria-labelledby={titleId} data-learning-solution={solution.id}>
              {thumb ? (
                <AdminImage
                  className={styles.thumb}
                  src={thumb}
                  place="solutionCard"
                  alt=""
                  width={640}
                  height={480}
                  loading={firstScreen && index < FIRST_ROW ? undefined : 'lazy'}
                />
              ) : (
                <div className={styles.thumb} />
              )}
              <div className={styles.body}>
                <CardHeading id={titleId} className={styles.title}>
                  {solution.title}
                </CardHeading>
                <ButtonLink
                  href={href('/learning-solutions-course-details/[id]', { id: solution.id })}
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

export function LearningSolutionsSkeleton() {
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
