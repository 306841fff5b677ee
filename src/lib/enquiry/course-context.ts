/**
 * Which course a sidebar enquiry is about. The form carries only a reference to the page it sits on (the
 * course page's own path, `/subCourse-details/<slug>` or `/<category route>/<id>`), and the server looks
 * the course up through the content layer and records the admin's title. Whatever else arrives in the field
 * is not recorded: the enquiry's course is the site's statement, never text a visitor chose.
 */
import 'server-only';
import { parseCategoryId, parseSubCourseSlug } from '../course-address';
import { getLearningSolutionCategory, getOpenCourseCategory, getSubCourse } from '../admin/content';
import type { ContentResult } from '../admin/content-error';
import type { CourseCategory, SubCourse } from '../admin/schemas';

const REFERENCE =
  /^\/(subCourse-details|upcoming-training-course-details|learning-solutions-course-details)\/([^/?#]+)$/;

/** The reference a course page gives its sidebar forms: its own path. */
export function courseReference(route: string, idOrSlug: string | number): string {
  return `${route}/${encodeURIComponent(String(idOrSlug))}`;
}

/** The course's title for the reference `value`, or '' when it names no course the admin knows now. */
export async function courseContextFor(value: unknown): Promise<string> {
  if (typeof value !== 'string') return '';
  const [, route, raw] = REFERENCE.exec(value) ?? [];
  if (!route || !raw) return '';
  let result: ContentResult<SubCourse | CourseCategory>;
  if (route === 'subCourse-details') {
    const slug = parseSubCourseSlug(raw);
    if (slug === null) return '';
    result = await getSubCourse(slug);
  } else {
    const id = parseCategoryId(raw);
    if (id === null) return '';
    result =
      route === 'upcoming-training-course-details'
        ? await getOpenCourseCategory(id)
        : await getLearningSolutionCategory(id);
  }
  return result.ok ? result.data.title : '';
}
