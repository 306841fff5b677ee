import type { ContentResult } from '../../lib/admin/content-error';
import { getLearningSolutionCategory, getOpenCourseCategory } from '../../lib/content';
import type { CourseCategory, TrainingCourse } from '../../lib/admin/schemas';
import { listPage, pageHref, pageRange, requestedPage, type ListPage } from '../../lib/list-pages';
import type { CategoryKind, SearchCategory } from '../../lib/search/search-index';
import { Pagination } from '../ui/pagination';
import { holdForWholeAnswer, Section } from '../ui/section';
import type { Crumb } from './course-breadcrumb';
import { CourseNotFound, CoursePageFrame, CoursePageSkeleton, courseFailure, HOME_CRUMB } from './course-page-frame';
import { parseCategoryId } from '../../lib/course-address';
import { NoCourseDetails } from './no-course-details';
import { TrainingCoursesTable } from './training-courses-table';
import styles from './course-details-page.module.css';
import { href } from '../../lib/site-routes';
import { site } from '../../site';

/** Which admin category feeds the screen: the route's path decides (open courses or learning solutions). */
const SOURCES = {
  'open-courses': {
    load: getOpenCourseCategory,
    kind: 'upcoming',
    route: '/upcoming-training-course-details/[id]',
    crumb: { label: 'Upcoming courses', href: href('/', { hash: 'upcoming' }) },
  },
  'learning-solutions': {
    load: getLearningSolutionCategory,
    kind: 'solution',
    route: '/learning-solutions-course-details/[id]',
    crumb: { label: 'Learning solutions', href: href('/learning-solutions') },
  },
} as const;

/**
 * Courses on one page of a category (record 040): a category of 1 000 courses was 2.5 MB of HTML on one
 * page; 50 keep a page near 200 KB, and a category of the demo's usual size on one page.
 */
export const COURSES_PER_PAGE = 50;

/**
 * A course-details page's data: its address (page 1's: the category's own), and for a well-formed id and
 * page number the page asked for, its trail, the admin's category and the catalogue's entry for it (the
 * search index; undefined when the catalogue does not list it). `id: null`: the address names no course
 * (a malformed id) or no page of one (a malformed page number).
 */
export type CourseDetailsPageData =
  | { path: string; id: null; missing: 'course' | 'page' }
  | {
      path: string;
      id: number;
      /** The page of the category's courses asked for (`?page=`): 1 unless the address names another. */
      page: number;
      kind: CategoryKind;
      crumbs: Crumb[];
      category: Promise<ContentResult<CourseCategory>>;
      listed: SearchCategory | undefined;
    };

/**
 * Starts a course-details page's load (its route calls this first): a malformed id or page number costs no
 * admin call; an id the catalogue does not list, or a page past the first, waits for the admin's word on it
 * (as loadSubCoursePage): only the category's answer says whether it has that page, and the status (404)
 * goes first.
 */
export function loadCourseDetailsPage(
  source: keyof typeof SOURCES,
  id: string | undefined,
  query: string | undefined,
): CourseDetailsPageData {
  const { load, crumb, route, kind } = SOURCES[source];
  const path = href(route, { id: id ?? '' });
  const categoryId = parseCategoryId(id);
  if (categoryId === null) return { path, id: null, missing: 'course' };
  const page = requestedPage(query);
  if (page === null) return { path, id: null, missing: 'page' };
  const listed = site()
    .search.peek()
    ?.categories.find((entry) => entry.kind === kind && entry.id === categoryId);
  const category = load(categoryId);
  if (!listed || page > 1) holdForWholeAnswer(category);
  return { path, id: categoryId, page, kind, crumbs: [HOME_CRUMB, crumb], category, listed };
}

/** The page of a category's courses a course-details page shows; null when the category has no such page. */
export function categoryPage(category: CourseCategory, page: number): ListPage<TrainingCourse> | null {
  return listPage(category.training_course, page, COURSES_PER_PAGE);
}

/**
 * The course-details screen: a malformed id or page number is a 404 at once; an unknown id, or a page past
 * the category's last, is a 404 once the admin says so.
 */
export function CourseDetailsPage({ page }: { page: CourseDetailsPageData }) {
  if (page.id === null) return <CourseNotFound what={page.missing} />;
  const { path, crumbs } = page;
  return (
    <Section
      data={page.category}
      skeleton={<CoursePageSkeleton crumbs={crumbs} />}
      what="The course details"
      failed={courseFailure(crumbs)}
    >
      {(category) => {
        const shown = categoryPage(category, page.page);
        return shown ? (
          <CourseCategoryView
            title={category.title}
            shown={shown}
            crumbs={crumbs}
            page={path}
            brochure={
              page.kind === 'upcoming'
                ? href('/brochure/upcoming/[id].pdf', { id: page.id })
                : href('/brochure/solution/[id].pdf', { id: page.id })
            }
          />
        ) : (
          <CourseNotFound what="page" />
        );
      }}
    </Section>
  );
}

function CourseCategoryView({
  title,
  shown,
  crumbs,
  page,
  brochure,
}: {
  title: string;
  /** The page of the category's courses this address shows. */
  shown: ListPage<TrainingCourse>;
  crumbs: Crumb[];
  /** The category's path (its first page): the sidebar forms' reference to the course, and its pages' base. */
  page: string;
  /** The address of this page's brochure (PDF). */
  brochure: string;
}) {
  const inPages = shown.pageCount > 1;
  // "51 to 100 of 1,000": where this page sits in the category, for the lead and the table's caption
  const range = pageRange(shown);
  return (
    <CoursePageFrame title={title} crumbs={crumbs} course={{ title, page }}>
      <section aria-labelledby="course-list-heading">
        <h2 id="course-list-heading" className={styles.heading}>
          Training courses
        </h2>
        {shown.total > 0 ? (
          <>
            <p className={styles.lead}>
              Choose a course to see its dates, venues and fees.
              {inPages ? ` Courses ${range}, page ${shown.page} of ${shown.pageCount}.` : null}
            </p>
            <TrainingCoursesTable category={inPages ? `${title}, ${range}` : title} courses={shown.items} />
            <Pagination
              label="Training courses pages"
              page={shown.page}
              pageCount={shown.pageCount}
              href={(number) => pageHref(page, number)}
            />
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
