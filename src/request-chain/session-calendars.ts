import { getListedSubCourse } from '../lib/content';
import { isNotFound } from '../lib/admin/content-error';
import { parseSubCourseSlug } from '../lib/course-address';
import { sessionCalendar, sessionUid } from '../lib/seo/calendar';
import { siteName } from '../lib/site-identity';
import { siteOriginFor } from '../lib/site-origin';
import { plainFile } from './plain-answers';
import { href } from '../lib/site-routes';

/** One iCalendar file per course session: /calendar/<slug>/<n>.ics, n counting the page's sessions from 1. */
export async function calendarFile(request: Request, encodedSlug: string, n: string): Promise<Response> {
  const notFound = () => plainFile('There is no such course session.', 404);
  if (!/^[1-9]\d{0,3}$/.test(n)) return notFound();
  const number = Number(n);
  let slug: string | null;
  try {
    slug = parseSubCourseSlug(decodeURIComponent(encodedSlug));
  } catch {
    return notFound(); // malformed percent-encoding
  }
  if (slug === null) return notFound();
  const subCourse = await getListedSubCourse(slug);
  if (!subCourse.ok) {
    if (isNotFound(subCourse.error)) return notFound();
    return plainFile('The course dates cannot be read right now. Please try again shortly.', 503, undefined, {
      'retry-after': '30',
    });
  }
  const session = subCourse.data.course_venue[number - 1];
  if (!session) return notFound();
  const origin = siteOriginFor(request);
  const pageUrl = `${origin}${href('/subCourse-details/[slug]', { slug })}`;
  const body = sessionCalendar({
    siteName: siteName(),
    courseTitle: subCourse.data.title,
    venue: session.venue_name,
    startDate: session.start_date,
    endDate: session.end_date,
    fee: session.course_fee,
    pageUrl,
    uid: sessionUid({ slug, startDate: session.start_date, endDate: session.end_date, venue: session.venue_name }),
    now: new Date(),
  });
  const filename = `course-session-${session.start_date}.ics`;
  return plainFile(body, 200, 'text/calendar; charset=utf-8', {
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, max-age=300',
  });
}
