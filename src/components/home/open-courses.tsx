import type { ContentResult } from '../../lib/admin/content-error';
import type { OpenCourse } from '../../lib/admin/schemas';
import { Section } from '../ui/section';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { SectionHeading } from './section-heading';
import { OpenCourseCard } from './open-course-card';
import styles from './open-courses.module.css';

const OPEN_COURSE_SKELETON_COUNT = 12;

/** 'Upcoming Training events': the open courses with their countdowns. */
export function OpenCoursesSection({ courses }: { courses: Promise<ContentResult<OpenCourse[]>> }) {
  return (
    <section id="upcoming" className={`${styles.section} past-first-screen`} aria-labelledby="upcoming-title">
      <div className="container">
        <SectionHeading id="upcoming-title" eyebrow="Open courses">
          Upcoming Training events
        </SectionHeading>
        <Section data={courses} skeleton={<OpenCoursesSkeleton />} what="The upcoming courses">
          {(list) => <OpenCourseList courses={list} now={Date.now()} />}
        </Section>
      </div>
    </section>
  );
}

/** `now` is one clock reading for the whole list, handed to each countdown so server and browser agree. */
function OpenCourseList({ courses, now }: { courses: OpenCourse[]; now: number }) {
  if (courses.length === 0) {
    return <p className={styles.empty}>New dates are being scheduled. Please check back soon or send us an enquiry.</p>;
  }
  return (
    <ul className={styles.grid}>
      {courses.map((course) => (
        <li key={course.id} className={styles.item}>
          <OpenCourseCard course={course} now={now} />
        </li>
      ))}
    </ul>
  );
}

function OpenCoursesSkeleton() {
  return (
    <LoadingRegion label="Loading upcoming courses" className={styles.grid}>
      {Array.from({ length: OPEN_COURSE_SKELETON_COUNT }, (_, index) => (
        <div key={index} className={styles.skeletonCard} data-skeleton="upcoming-card">
          <Skeleton className={styles.skeletonImage} />
          <div className={styles.skeletonBody}>
            <Skeleton className={styles.skeletonMeta} />
            <Skeleton className={styles.skeletonTitle} />
            <Skeleton className={styles.skeletonLine} />
            <Skeleton className={styles.skeletonLineShort} />
            <Skeleton className={styles.skeletonButton} />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
