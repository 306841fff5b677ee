import type { CourseCategory, SubCourse } from '../../lib/admin/schemas';
import { peekSearchIndex } from '../../lib/search/live-search-index';
import { subCourseHref } from '../../lib/search/search-index';
import { courseListDescription, subCourseDescription } from '../../lib/seo/course-descriptions';
import { DEFAULT_IMAGE } from '../../lib/seo/page-head';
import { firstSentence, plainText } from '../../lib/seo/plain-text';
import { breadcrumbList, course, courseList, type JsonLdObject } from '../../lib/seo/structured-data';
import { siteName } from '../../lib/site-identity';
import { siteOrigin } from '../../lib/site-origin';
import type { Crumb } from '../courses/course-breadcrumb';
import { Meta } from './meta';

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
export function SubCourseMeta({ slug, subCourse, crumbs }: { slug: string; subCourse: SubCourse; crumbs: Crumb[] }) {
  const origin = siteOrigin();
  const path = subCourseHref(slug);
  const url = `${origin}${path}`;
  const about = firstSentence(plainText(subCourse.description));
  // the admin gives a course's code only in its category's list; the search index has gathered them
  const code = peekSearchIndex()?.courses.find((entry) => entry.slug === slug)?.code;
  return (
    <Meta
      title={subCourse.title}
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

/** A course-details page's head: the category, its courses as an ItemList, and breadcrumbs. */
export function CourseCategoryMeta({
  path,
  category,
  crumbs,
}: {
  path: string;
  category: CourseCategory;
  crumbs: Crumb[];
}) {
  const origin = siteOrigin();
  const courses = category.training_course.map((entry) => ({
    title: entry.title,
    code: entry.code,
    url: `${origin}${subCourseHref(entry.slug)}`,
  }));
  return (
    <Meta
      title={category.title}
      description={courseListDescription(category.title, category.training_course)}
      path={path}
      structuredData={[
        courseList(origin, `${origin}${path}`, courses),
        breadcrumbData(origin, crumbs, category.title, path),
      ]}
    />
  );
}

/** An unknown course: not a page to index. */
export function CourseNotFoundMeta({ path }: { path: string }) {
  return <Meta title="Course not found" description="There is no course at this address." path={path} noindex />;
}

/** A course page whose data could not be read this time: its address stays the canonical one. */
export function CourseUnavailableMeta({ path }: { path: string }) {
  return (
    <Meta title="Course details" description="Dates, venues and fees of this course, in US dollars." path={path} />
  );
}
