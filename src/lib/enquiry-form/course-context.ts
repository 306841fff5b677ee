/**
 * Which course a sidebar enquiry is about. The form carries only a reference to the page it sits on (the
 * course page's own path, `/subCourse-details/<slug>` or `/<category route>/<id>`), and the server looks
 * the course up through the content layer and records the admin's title. Whatever else arrives in the field
 * is not recorded: the enquiry's course is the site's statement, never text a visitor chose.
 */
import 'server-only';
import { parseCategoryId, parseSubCourseSlug } from '../course-address';
import { match } from '../site-routes';
import { getLearningSolutionCategory, getListedSubCourse, getOpenCourseCategory } from '../content';
import type { ContentResult } from '../admin/content-error';
import type { CourseCategory, SubCourse } from '../admin/schemas';

/** The course's title for the reference `value`, or '' when it names no course the admin knows now. */
export async function courseContextFor(value: unknown): Promise<string> {
  if (typeof value !== 'string') return '';
  let result: ContentResult<SubCourse | CourseCategory>;
  const course = match('/subCourse-details/[slug]', value);
  const upcoming = match('/upcoming-training-course-details/[id]', value);
  const solution = match('/learning-solutions-course-details/[id]', value);
  if (course) {
    const slug = parseSubCourseSlug(course.slug);
    if (slug === null) return '';
    result = await getListedSubCourse(slug);
  } else if (upcoming || solution) {
    const id = parseCategoryId((upcoming ?? solution)!.id);
    if (id === null) return '';
    result = upcoming ? await getOpenCourseCategory(id) : await getLearningSolutionCategory(id);
  } else return '';
  return result.ok ? result.data.title : '';
}
