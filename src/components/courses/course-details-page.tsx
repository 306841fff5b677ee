import { getLearningSolutionCategory, getOpenCourseCategory } from '../../lib/admin/content.server';
import { isNotFound } from '../../lib/admin/content-error';
import { setResponseStatus } from '../../lib/response-status.server';
import { NotFoundView } from '../layout/not-found-view';
import { CourseCategoryMeta, CourseNotFoundMeta, CourseUnavailableMeta } from '../seo/course-meta';
import { SectionError } from '../ui/section-error';
import { CoursePageFrame } from './course-page-frame';
import type { Crumb } from './course-breadcrumb';
import { parseCategoryId } from './course-route-params';
import { NoCourseDetails } from './no-course-details';
import { TrainingCoursesTable } from './training-courses-table';
import styles from './course-details-page.module.css';

/** Which admin category feeds the screen (site-spec section 4: the path decides). */
export type CourseCategorySource = 'upcoming' | 'learning-solutions';

const SOURCES = {
  upcoming: {
    load: getOpenCourseCategory,
    route: '/upcoming-training-course-details',
    crumb: { label: 'Upcoming courses' } as Crumb,
  },
  'learning-solutions': {
    load: getLearningSolutionCategory,
    route: '/learning-solutions-course-details',
    crumb: { label: 'Learning solutions', href: '/learning-solutions' } as Crumb,
  },
} as const;

/**
 * The course-details screen. The category is awaited here, before any Suspense boundary, because an
 * unknown id must change the status line (404) and the status goes out with the first byte.
 */
export async function CourseDetailsPage({ source, id }: { source: CourseCategorySource; id: string | undefined }) {
  const { load, crumb, route } = SOURCES[source];
  const path = `${route}/${encodeURIComponent(id ?? '')}`;
  const categoryId = parseCategoryId(id);
  const category = categoryId === null ? null : await load(categoryId);

  if (category === null || (!category.ok && isNotFound(category.error))) {
    setResponseStatus(404);
    return (
      <>
        <CourseNotFoundMeta path={path} />
        <NotFoundView what="course" />
      </>
    );
  }

  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }, crumb];

  if (!category.ok) {
    return (
      <>
        <CourseUnavailableMeta path={path} />
        <CoursePageFrame title="Course details" crumbs={crumbs}>
          <SectionError error={category.error} what="The course details" />
        </CoursePageFrame>
      </>
    );
  }

  const { title, training_course: courses } = category.data;
  return (
    <>
      <CourseCategoryMeta path={path} category={category.data} crumbs={crumbs} />
      <CoursePageFrame title={title} crumbs={crumbs} course={title}>
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
    </>
  );
}
