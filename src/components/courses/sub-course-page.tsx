import { getSubCourse } from '../../lib/admin/content';
import type { SubCourse } from '../../lib/admin/schemas';
import type { SearchIndex } from '../../lib/search/search-index';
import { peekSearchIndex } from '../../lib/search/live-search-index';
import { RichText } from '../rich-text';
import { SubCourseMeta } from '../seo/course-meta';
import { Section } from '../ui/section';
import type { Crumb } from './course-breadcrumb';
import { CourseNotFound, CoursePageFrame, CoursePageSkeleton, courseFailure, HOME_CRUMB } from './course-page-frame';
import { parseSubCourseSlug } from '../../lib/course-address';
import { courseReference } from '../../lib/enquiry/course-context';
import { CourseSessionsTable } from './course-sessions-table';
import { NoCourseDetails } from './no-course-details';
import styles from './sub-course-page.module.css';

/**
 * The sub-course screen: a malformed slug is a 404 at once; an unknown one once the admin says so. Its head
 * comes with the course (in place, or streamed with it); the failure views bring their own.
 */
export function SubCoursePage({ slug }: { slug: string | undefined }) {
  const path = `/subCourse-details/${encodeURIComponent(slug ?? '')}`;
  const validSlug = parseSubCourseSlug(slug);
  if (validSlug === null) return <CourseNotFound path={path} />;
  const crumbs = subCourseCrumbs(peekSearchIndex(), validSlug);
  return (
    <Section
      load={() => getSubCourse(validSlug)}
      skeleton={<CoursePageSkeleton crumbs={crumbs} />}
      what="The course details"
      head={(subCourse) =>
        subCourse ? <SubCourseMeta slug={validSlug} subCourse={subCourse} crumbs={crumbs} /> : null
      }
      failed={courseFailure(path, crumbs)}
    >
      {(subCourse) => <SubCourseView slug={validSlug} subCourse={subCourse} crumbs={crumbs} />}
    </Section>
  );
}

/**
 * Home › category. The admin's sub-course has no category, so it is looked up in the search catalogue, which
 * lists every category's courses; without an index yet (or a course no category lists) the trail is just Home.
 */
export function subCourseCrumbs(index: SearchIndex | undefined, slug: string): Crumb[] {
  const key = index?.courses.find((course) => course.slug === slug)?.categoryKeys[0];
  const category = index?.categories.find((candidate) => candidate.key === key);
  return category ? [HOME_CRUMB, { label: category.title, href: category.href }] : [HOME_CRUMB];
}

function SubCourseView({
  slug,
  subCourse: { title, description, course_venue: sessions },
  crumbs,
}: {
  slug: string;
  subCourse: SubCourse;
  crumbs: Crumb[];
}) {
  return (
    <CoursePageFrame
      title={title}
      crumbs={crumbs}
      course={{ title, page: courseReference('/subCourse-details', slug) }}
    >
      <section aria-labelledby="sessions-heading" className={styles.section}>
        <h2 id="sessions-heading" className={styles.heading}>
          Dates, venues and fees
        </h2>
        {sessions.length > 0 ? (
          <CourseSessionsTable course={title} slug={slug} sessions={sessions} />
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
  );
}
