import { getSubCourse } from '../../lib/admin/content.server';
import { isNotFound } from '../../lib/admin/content-error';
import { setResponseStatus } from '../../lib/response-status.server';
import { NotFoundView } from '../layout/not-found-view';
import { CourseNotFoundMeta, CourseUnavailableMeta, SubCourseMeta } from '../seo/course-meta';
import { RichText } from '../rich-text';
import { SectionError } from '../ui/section-error';
import { CoursePageFrame } from './course-page-frame';
import type { Crumb } from './course-breadcrumb';
import { parseSubCourseSlug } from './course-route-params';
import { CourseSessionsTable } from './course-sessions-table';
import { NoCourseDetails } from './no-course-details';
import styles from './sub-course-page.module.css';

const CRUMBS: Crumb[] = [{ label: 'Home', href: '/' }];

/** The sub-course screen: awaited before any Suspense so an unknown slug answers 404 (see CourseDetailsPage). */
export async function SubCoursePage({ slug }: { slug: string | undefined }) {
  const validSlug = parseSubCourseSlug(slug);
  const subCourse = validSlug === null ? null : await getSubCourse(validSlug);

  if (subCourse === null || (!subCourse.ok && isNotFound(subCourse.error))) {
    setResponseStatus(404);
    return (
      <>
        <CourseNotFoundMeta path={`/subCourse-details/${encodeURIComponent(slug ?? '')}`} />
        <NotFoundView what="course" />
      </>
    );
  }

  if (!subCourse.ok) {
    return (
      <>
        <CourseUnavailableMeta path={`/subCourse-details/${encodeURIComponent(validSlug!)}`} />
        <CoursePageFrame title="Course details" crumbs={CRUMBS}>
          <SectionError error={subCourse.error} what="The course details" />
        </CoursePageFrame>
      </>
    );
  }

  const { title, description, course_venue: sessions } = subCourse.data;
  return (
    <>
      <SubCourseMeta slug={validSlug!} subCourse={subCourse.data} crumbs={CRUMBS} />
      <CoursePageFrame title={title} crumbs={CRUMBS} course={title}>
        <section aria-labelledby="sessions-heading" className={styles.section}>
          <h2 id="sessions-heading" className={styles.heading}>
            Dates, venues and fees
          </h2>
          {sessions.length > 0 ? (
            <CourseSessionsTable course={title} slug={validSlug!} sessions={sessions} />
          ) : (
            <NoCourseDetails />
          )}
        </section>
        {description.trim() ? (
          <section aria-labelledby="about-course-heading" className={styles.section}>
            <h2 id="about-course-heading" className={styles.heading}>
              About this course
            </h2>
            <RichText source={description} className={styles.description} />
          </section>
        ) : null}
      </CoursePageFrame>
    </>
  );
}
