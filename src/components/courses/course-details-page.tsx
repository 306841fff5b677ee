import type { ContentResult } from '../../lib/admin/content-error';
import { getLearningSolutionCategory, getOpenCourseCategory } from '../../lib/admin/content';
import type { CourseCategory } from '../../lib/admin/schemas';
import { peekSearchIndex } from '../../lib/search/live-search-index';
import type { CategoryKind, SearchCategory } from '../../lib/search/search-index';
import { holdForWholeAnswer, Section } from '../ui/section';
import type { Crumb } from './course-breadcrumb';
import { CourseNotFound, CoursePageFrame, CoursePageSkeleton, courseFailure, HOME_CRUMB } from './course-page-frame';
import { parseCategoryId } from '../../lib/course-address';
import { categoryBrochureHref } from '../../lib/documents/brochure-address';
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
 * A course-details page's data: its address, and for a well-formed id its trail, the admin's category and
 * the catalogue's entry for it (the search index; undefined when the catalogue does not list it).
 */
export type CourseDetailsPageData =
  | { path: string; id: null }
  | {
      path: string;
      id: number;
      kind: CategoryKind;
      crumbs: Crumb[];
      category: Promise<ContentResult<CourseCategory>>;
      listed: SearchCategory | undefined;
    };

/**
 * Starts a course-details page's load (its route calls this first): a malformed id costs no admin call; an id
 * the catalogue does not list waits for the admin's word on it (as loadSubCoursePage).
 */
export function loadCourseDetailsPage(source: CourseCategorySource, id: string | undefined): CourseDetailsPageData {
  const { load, crumb, route, kind } = SOURCES[source];
  const path = `${route}/${encodeURIComponent(id ?? '')}`;
  const categoryId = parseCategoryId(id);
  if (categoryId === null) return { path, id: null };
  const listed = peekSearchIndex()?.categories.find((entry) => entry.kind === kind && entry.id === categoryId);
  const category = load(categoryId);
  if (!listed) holdForWholeAnswer(category);
  return { path, id: categoryId, kind, crumbs: [HOME_CRUMB, crumb], category, listed };
}

/** The course-details screen: a malformed id is a 404 at once; an unknown one is a 404 once the admin says so. */
export function CourseDetailsPage({ page }: { page: CourseDetailsPageData }) {
  if (page.id === null) return <CourseNotFound />;
  const { path, crumbs } = page;
  return (
    <Section
      data={page.category}
      skeleton={<CoursePageSkeleton crumbs={crumbs} />}
      what="The course details"
      failed={courseFailure(crumbs)}
    >
      {(category) => (
        <CourseCategoryView
          category={category}
          crumbs={crumbs}
          page={path}
          brochure={categoryBrochureHref(page.kind, page.id)}
        />
      )}
    </Section>
  );
}

function CourseCategoryView({
  category: { title, training_course: courses },
  crumbs,
  page,
  brochure,
}: {
  category: CourseCategory;
  crumbs: Crumb[];
  /** This page's path: the sidebar forms' reference to the course. */
  page: string;
  /** The address of this page's brochure (PDF). */
  brochure: string;
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
            {/* a file a visitor can forward to the manager who approves the training */}
            <p className={styles.brochure}>
              <a href={brochure} type="application/pdf">
                Download brochure<span className="visually-hidden"> for {title}</span> (PDF)
              </a>
            </p>
          </>
        ) : (
          <NoCourseDetails />
        )}
      </section>
    </CoursePageFrame>
  );
}
