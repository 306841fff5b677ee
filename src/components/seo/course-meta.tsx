import { isNotFound, type ContentError } from '../../lib/admin/content-error';
import type { CourseCategory, SubCourse } from '../../lib/admin/schemas';
import { peekSearchIndex } from '../../lib/search/live-search-index';
import { subCourseHref, type SearchCourse } from '../../lib/search/search-index';
import { courseListDescription, subCourseDescription } from '../../lib/seo/course-descriptions';
import { DEFAULT_IMAGE } from '../../lib/seo/page-head';
import { categoryPageTitle, coursePageTitle } from '../../lib/seo/page-titles';
import { courseSummary } from '../../lib/seo/plain-text';
import { breadcrumbList, course, courseList, type JsonLdObject } from '../../lib/seo/structured-data';
import { siteName } from '../../lib/site-identity';
import { siteOrigin } from '../../lib/site-origin';
import type { Crumb } from '../courses/course-breadcrumb';
import type { CourseDetailsPageData } from '../courses/course-details-page';
import type { SubCoursePageData } from '../courses/sub-course-page';
import { Meta } from './meta';
import { StreamedPageHead } from './page-head';

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
function SubCourseMeta({ slug, subCourse, crumbs }: { slug: string; subCourse: SubCourse; crumbs: Crumb[] }) {
  const origin = siteOrigin();
  const path = subCourseHref(slug);
  const url = `${origin}${path}`;
  // the course's own words, not the facts line an admin text may open with (code, category, duration)
  const about = courseSummary(subCourse.description);
  // the admin gives a course's code only in its category's list; the search index has gathered them
  const index = peekSearchIndex();
  const code = index?.courses.find((entry) => entry.slug === slug)?.code;
  return (
    <Meta
      title={coursePageTitle({ slug, title: subCourse.title }, index)}
      description={subCourseDescription(subCourse.title, subCourse.course_venue, about)}
      path={path}
      structuredData={[
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
      ]}
    />
  );
}

/**
 * A course-details page's head: the category, its courses as a Course list when the list can qualify (their
 * descriptions come from the search index, which has read every course), and breadcrumbs.
 */
function CourseCategoryMeta({
  path,
  category,
  crumbs,
  title,
}: {
  path: string;
  category: CourseCategory;
  crumbs: Crumb[];
  /** The page's own title (distinct from a course of the same name: pageTitles). */
  title: string;
}) {
  const origin = siteOrigin();
  const known = new Map(peekSearchIndex()?.courses.map((entry) => [entry.slug, entry]));
  const courses = category.training_course.map((entry) => {
    const indexed = known.get(entry.slug);
    return {
      title: entry.title,
      code: entry.code,
      url: `${origin}${subCourseHref(entry.slug)}`,
      description: indexed ? summaryOf(indexed) : '',
    };
  });
  const list = courseList(origin, `${origin}${path}`, siteName(), courses);
  return (
    <Meta
      title={title}
      description={courseListDescription(category.title, category.training_course)}
      path={path}
      structuredData={[...(list ? [list] : []), breadcrumbData(origin, crumbs, category.title, path)]}
    />
  );
}

/** An unknown course: not a page to index. */
function CourseNotFoundMeta({ path }: { path: string }) {
  return <Meta title="Course not found" description="There is no course at this address." path={path} noindex />;
}

/** A course page's head when its admin call failed: an unknown course, or one that could not be read. */
function CourseFailureMeta({ path, error }: { path: string; error: ContentError }) {
  return isNotFound(error) ? <CourseNotFoundMeta path={path} /> : <CourseUnavailableMeta path={path} />;
}

/** A course page whose data could not be read this time: its address stays the canonical one. */
function CourseUnavailableMeta({ path }: { path: string }) {
  return (
    <Meta title="Course details" description="Dates, venues and fees of this course, in US dollars." path={path} />
  );
}

/**
 * A sub-course page's one head, from the load its route started: the course's, or its failure's (in place,
 * or streamed with the course: record 014); a malformed slug's at once.
 */
export function SubCoursePageHead({ page }: { page: SubCoursePageData }) {
  if (page.slug === null) return <CourseNotFoundMeta path={page.path} />;
  const { path, slug, crumbs } = page;
  return (
    <StreamedPageHead data={page.subCourse}>
      {(result) =>
        result.ok ? (
          <SubCourseMeta slug={slug} subCourse={result.data} crumbs={crumbs} />
        ) : (
          <CourseFailureMeta path={path} error={result.error} />
        )
      }
    </StreamedPageHead>
  );
}

/** A course-details page's one head, from the load its route started (as SubCoursePageHead). */
export function CourseDetailsPageHead({ page }: { page: CourseDetailsPageData }) {
  if (page.id === null) return <CourseNotFoundMeta path={page.path} />;
  const { path, id, kind, crumbs } = page;
  return (
    <StreamedPageHead data={page.category}>
      {(result) =>
        result.ok ? (
          <CourseCategoryMeta
            path={path}
            category={result.data}
            crumbs={crumbs}
            title={categoryPageTitle({ kind, id, title: result.data.title }, peekSearchIndex())}
          />
        ) : (
          <CourseFailureMeta path={path} error={result.error} />
        )
      }
    </StreamedPageHead>
  );
}
