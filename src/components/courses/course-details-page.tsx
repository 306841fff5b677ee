import { getLearningSolutionCategory, getOpenCourseCategory } from '../../lib/admin/content';
import type { CourseCategory } from '../../lib/admin/schemas';
import { peekSearchIndex } from '../../lib/search/live-search-index';
import { categoryPageTitle } from '../../lib/seo/page-titles';
import { CourseCategoryMeta } from '../seo/course-meta';
import { Section } from '../ui/section';
import type { Crumb } from './course-breadcrumb';
import { CourseNotFound, CoursePageFrame, CoursePageSkeleton, courseFailure, HOME_CRUMB } from './course-page-frame';
import { parseCategoryId } from '../../lib/course-address';
import { NoCourseDetails } from './no-course-details';
import { TrainingCoursesTable } from './training-courses-table';
import styles from './course-details-page.module.css';

/** Which admin category feeds the screen: the route's path decides (open courses or learning solutions). */
export type CourseCategorySource = 'open-courses' | 'learning-solutions';

const SOURCES = {
  'open-courses': {
    load: getOpenCourseCategory,
    kind: 'upcoming',
    route: '/upcoming-training-course-details',
    crumb: { label: 'Upcoming courses', href: '/#upcoming' },
  },
  'learning-solutions': {
    load: getLearningSolutionCategory,
    kind: 'solution',
    route: '/learning-solutions-course-details',
    crumb: { label: 'Learning solutions', href: '/learning-solutions' },
  },
} as const;

/**
 * The course-details screen: a malformed id is a 404 at once; an unknown one is a 404 once the admin says so.
 * Its head comes with the category (in place, or streamed with it); the failure views bring their own.
 */
export function CourseDetailsPage({ source, id }: { source: CourseCategorySource; id: string | undefined }) {
  const { load, crumb, route, kind } = SOURCES[source];
  const path = `${route}/${encodeURIComponent(id ?? '')}`;
  const categoryId = parseCategoryId(id);
  if (categoryId === null) return <CourseNotFound path={path} />;
  const crumbs = [HOME_CRUMB, crumb];
  return (
    <Section
      load={() => load(categoryId)}
      skeleton={<CoursePageSkeleton crumbs={crumbs} />}
      what="The course details"
      head={(category) =>
        category ? (
          <CourseCategoryMeta
            path={path}
            category={category}
            crumbs={crumbs}
            title={categoryPageTitle({ kind, id: categoryId, title: category.title }, peekSearchIndex())}
          />
        ) : null
      }
      failed={courseFailure(path, crumbs)}
    >
      {(category) => <CourseCategoryView category={category} crumbs={crumbs} page={path} />}
    </Section>
  );
}

function CourseCategoryView({
  category: { title, training_course: courses },
  crumbs,
  page,
}: {
  category: CourseCategory;
  crumbs: Crumb[];
  /** This page's path: the sidebar forms' reference to the course. */
  page: string;
}) {
  return (
    <CoursePageFrame title={title} crumbs={crumbs} course={{ title, page }}>
      <section aria-labelledby="course-list-heading">
        <h2 id="course-list-heading" className={styles.heading}>
          Training courses
        </h2>
        {courses.length > 0 ? (
          <>
            <p className={styles.lead}>Choose a course to see its dates, venues and fees.</p>
            <TrainingCoursesTable category={title} courses={courses} />
          </>
        ) : (
          <NoCourseDetails />
        )}
      </section>
    </CoursePageFrame>
  );
}
