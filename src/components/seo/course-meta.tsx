import { isNotFound, type ContentError } from '../../lib/admin/content-error';
import type { CourseCategory, SubCourse } from '../../lib/admin/schemas';
import type { CategoryKind, SearchCategory, SearchCourse } from '../../lib/search/search-index';
import { courseListDescription, subCourseDescription } from '../../lib/seo/course-descriptions';
import { listPage, pageHref } from '../../lib/list-pages';
import { DEFAULT_IMAGE } from '../../lib/seo/page-head';
import { categoryPageTitle, coursePageTitle } from '../../lib/seo/page-titles';
import { courseSummary } from '../../lib/seo/plain-text';
import { breadcrumbList, course, courseList, type JsonLdObject } from '../../lib/seo/structured-data';
import { siteName } from '../../lib/site-identity';
import { siteOrigin } from '../../lib/site-origin';
import { href } from '../../lib/site-routes';
import type { Crumb } from '../courses/course-breadcrumb';
import { categoryPage, COURSES_PER_PAGE, type CourseDetailsPageData } from '../courses/course-details-page';
import type { SubCoursePageData } from '../courses/sub-course-page';
import { Meta, type MetaProps } from './meta';
import { CoursePageHead } from './page-head';
import { site } from '../../site';

/** Each indexed course's summary, worked out once per index build (a new build brings new objects). */
const summaries = new WeakMap<SearchCourse, string>();

function summaryOf(entry: SearchCourse): string {
  let summary = summaries.get(entry);
  if (summary === undefined) {
    summary = courseSummary(entry.description);
    summaries.set(entry, summary);
  }
  return summary;
}

/** The breadcrumb trail as shown, for crawlers: crumbs without an address are not places to go. */
function breadcrumbData(origin: string, crumbs: readonly Crumb[], current: string, path: string): JsonLdObject {
  return breadcrumbList([
    ...crumbs.flatMap((crumb) =>
      crumb.href ? [{ name: crumb.label, url: new URL(crumb.href, `${origin}/`).href }] : [],
    ),
    { name: current, url: `${origin}${path}` },
  ]);
}

/** A sub-course page's head: title, a description from its sessions and text, the Course and breadcrumbs. */
function subCourseHead(
  slug: string,
  subCourse: SubCourse,
  crumbs: Crumb[],
  listed: SearchCourse | undefined,
): MetaProps {
  const origin = siteOrigin();
  const path = href('/subCourse-details/[slug]', { slug });
  const url = `${origin}${path}`;
  // the course's own words, not the facts line an admin text may open with (code, category, duration)
  const about = courseSummary(subCourse.description);
  // the admin gives a course's code only in its category's list: the catalogue's entry (the loader's) has it
  const code = listed?.code;
  return {
    title: coursePageTitle({ slug, title: subCourse.title }, site().search.peek()),
    description: subCourseDescription(subCourse.title, subCourse.course_venue, about),
    path,
    structuredData: [
      course(origin, {
        providerName: siteName(),
        title: subCourse.title,
        description: about,
        code: code || undefined,
        sessions: subCourse.course_venue,
        url,
        image: `${origin}${DEFAULT_IMAGE.path}`,
      }),
      breadcrumbData(origin, crumbs, subCourse.title, path),
    ],
  };
}

/** The same head's title and description from the catalogue's entry, for a course whose answer is slow. */
function listedSubCourseHead(entry: SearchCourse): MetaProps {
  const sessions = entry.sessions.map((session) => ({
    venue_name: session.venue,
    start_date: session.startDate,
    course_fee: session.fee,
  }));
  return {
    title: coursePageTitle(entry, site().search.peek()),
    description: subCourseDescription(entry.title, sessions, summaryOf(entry)),
    path: href('/subCourse-details/[slug]', { slug: entry.slug }),
  };
}

/** A page number past a category's last page: not a page to index. */
function pageNotFoundHead(path: string): MetaProps {
  return { title: 'Page not found', description: 'This list has no page at this address.', path, noindex: true };
}

/**
 * A course-details page's head: the category, the courses of the page asked for as a Course list when the
 * list can qualify (their descriptions come from the search index, which has read every course), and
 * breadcrumbs. A page past the first has its own canonical address and title (record 040).
 */
function courseCategoryHead(
  path: string,
  kind: CategoryKind,
  id: number,
  page: number,
  category: CourseCategory,
  crumbs: Crumb[],
): MetaProps {
  const shown = categoryPage(category, page);
  if (!shown) return pageNotFoundHead(path);
  const origin = siteOrigin();
  const index = site().search.peek();
  const courses = shown.items.map((entry) => {
    const indexed = index?.courseBySlug.get(entry.slug);
    return {
      title: entry.title,
      code: entry.code,
      url: `${origin}${href('/subCourse-details/[slug]', { slug: entry.slug })}`,
      description: indexed ? summaryOf(indexed) : '',
    };
  });
  const list = courseList(origin, `${origin}${pageHref(path, page)}`, siteName(), courses, shown);
  return {
    // distinct from a course of the same name (pageTitles); a later page's number is added to it
    title: categoryPageTitle({ kind, id, title: category.title }, index),
    description: courseListDescription(category.title, shown),
    path,
    page,
    structuredData: [...(list ? [list] : []), breadcrumbData(origin, crumbs, category.title, path)],
  };
}

/**
 * The same head's title and description from the catalogue's entry, for a category whose answer is slow
 * (only ever page 1: a later page waits for the answer, which says whether the page exists).
 */
function listedCategoryHead(path: string, entry: SearchCategory): MetaProps {
  const index = site().search.peek();
  const courses = index?.courses.filter((listed) => listed.categoryKeys.includes(entry.key)) ?? [];
  return {
    title: categoryPageTitle(entry, index),
    description: courseListDescription(entry.title, listPage(courses, 1, COURSES_PER_PAGE)!),
    path,
  };
}

/** An unknown course: not a page to index. */
function courseNotFoundHead(path: string): MetaProps {
  return { title: 'Course not found', description: 'There is no course at this address.', path, noindex: true };
}

/**
 * A course page's head when its admin call failed: an unknown course is not a page to index; one that could
 * not be read this time keeps its address as the canonical one.
 */
function courseFailureHead(path: string, error: ContentError): MetaProps {
  return isNotFound(error)
    ? courseNotFoundHead(path)
    : { title: 'Course details', description: 'Dates, venues and fees of this course, in US dollars.', path };
}

/**
 * A sub-course page's one head, from the load its route started: the course's or its failure's, or the
 * catalogue's while the course streams (CoursePageHead); a malformed slug's at once.
 */
export function SubCoursePageHead({ page }: { page: SubCoursePageData }) {
  if (page.slug === null) return <Meta {...courseNotFoundHead(page.path)} />;
  const { path, slug, crumbs, listed } = page;
  return (
    <CoursePageHead
      data={page.subCourse}
      head={(result) =>
        result.ok ? subCourseHead(slug, result.data, crumbs, listed) : courseFailureHead(path, result.error)
      }
      catalogueHead={listed && listedSubCourseHead(listed)}
    />
  );
}

/** A course-details page's one head, from the load its route started (as SubCoursePageHead). */
export function CourseDetailsPageHead({ page }: { page: CourseDetailsPageData }) {
  if (page.id === null) {
    return <Meta {...(page.missing === 'page' ? pageNotFoundHead(page.path) : courseNotFoundHead(page.path))} />;
  }
  const { path, id, kind, crumbs, listed } = page;
  return (
    <CoursePageHead
      data={page.category}
      head={(result) =>
        result.ok
          ? courseCategoryHead(path, kind, id, page.page, result.data, crumbs)
          : { ...courseFailureHead(path, result.error), page: page.page }
      }
      catalogueHead={listed && page.page === 1 ? listedCategoryHead(path, listed) : undefined}
    />
  );
}
