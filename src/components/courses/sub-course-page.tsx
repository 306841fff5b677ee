import { getListedSubCourse } from '../../lib/content';
import type { ContentResult } from '../../lib/admin/content-error';
import type { SubCourse } from '../../lib/admin/schemas';
import type { SearchCourse, SearchIndex } from '../../lib/search/search-index';
import { RichText } from '../rich-text';
import { holdForWholeAnswer, Section } from '../ui/section';
import type { Crumb } from './course-breadcrumb';
import { CourseNotFound, CoursePageFrame, CoursePageSkeleton, courseFailure, HOME_CRUMB } from './course-page-frame';
import { parseSubCourseSlug } from '../../lib/course-address';
import { CourseSessionsTable } from './course-sessions-table';
import { NoCourseDetails } from './no-course-details';
import styles from './sub-course-page.module.css';
import { href } from '../../lib/site-routes';
import { site } from '../../site';

/**
 * A sub-course page's data: its address, and for a well-formed slug its trail, the admin's course and the
 * catalogue's entry for it (the search index; undefined when the catalogue does not list it).
 */
export type SubCoursePageData =
  | { path: string; slug: null }
  | {
      path: string;
      slug: string;
      crumbs: Crumb[];
      subCourse: Promise<ContentResult<SubCourse>>;
      listed: SearchCourse | undefined;
    };

/**
 * Starts a sub-course page's load (its route calls this first): a malformed slug costs no admin call. A slug
 * the catalogue does not list is most likely made up: the page waits for the admin's word on it, so an
 * unknown course is a 404 with its noindex head, not a streamed 200 (record 014).
 */
export function loadSubCoursePage(slug: string | undefined): SubCoursePageData {
  const path = href('/subCourse-details/[slug]', { slug: slug ?? '' });
  const validSlug = parseSubCourseSlug(slug);
  if (validSlug === null) return { path, slug: null };
  const index = site().search.peek();
  const listed = index?.courses.find((course) => course.slug === validSlug);
  const subCourse = getListedSubCourse(validSlug);
  if (!listed) holdForWholeAnswer(subCourse);
  return { path, slug: validSlug, crumbs: subCourseCrumbs(index, validSlug), subCourse, listed };
}

/** The sub-course screen: a malformed slug is a 404 at once; an unknown one once the admin says so. */
export function SubCoursePage({ page }: { page: SubCoursePageData }) {
  if (page.slug === null) return <CourseNotFound />;
  const { slug, crumbs } = page;
  return (
    <Section
      data={page.subCourse}
      skeleton={<CoursePageSkeleton crumbs={crumbs} />}
      what="The course details"
      failed={courseFailure(crumbs)}
    >
      {(subCourse) => <SubCourseView slug={slug} subCourse={subCourse} crumbs={crumbs} />}
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
      course={{ title, page: href('/subCourse-details/[slug]', { slug }) }}
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
        {/* a file a visitor can forward to the manager who approves the training */}
        <p className={styles.brochure}>
          <a href={href('/brochure/[slug].pdf', { slug })} type="application/pdf">
            Download brochure<span className="visually-hidden"> for {title}</span> (PDF)
          </a>
        </p>
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
