/**
 * The session a registration is for. The form carries only a reference (`<sub-course slug>/<session key>`,
 * see `sessionKey` in src/lib/seo/calendar.ts); the course, dates, venue and fee always come from the admin's
 * data, looked up again when the form is sent, so nothing a visitor could edit reaches the booking.
 */
import 'server-only';
import type { RegistrationSession } from '../enquiry/store';
import { parseSubCourseSlug } from '../course-address';
import { todayInBahrain } from '../format';
import { getListedSubCourse } from '../content';
import { isNotFound } from '../admin/content-error';
import type { CourseVenue } from '../admin/schemas';
import { calendarHref, sessionKey } from '../seo/calendar';
import { href } from '../site-routes';
import { site } from '../../site';

export type SessionLookup =
  | { ok: true; session: RegistrationSession; /** its "Add to calendar" file */ calendarHref: string }
  | { ok: false; reason: 'gone' | 'started' | 'unavailable' };

function sessionRef(slug: string, session: CourseVenue): string {
  return `${slug}/${sessionKey({ slug, startDate: session.start_date, endDate: session.end_date, venue: session.venue_name })}`;
}

/** Where a session's Register button leads. */
export function registrationHref(slug: string, session: CourseVenue): string {
  return href('/register', { query: { session: sessionRef(slug, session) } });
}

/** Whether a session key's start date (`yyyymmdd-<hash>`) is today or earlier in Bahrain. */
function startedBefore(key: string, now: Date): boolean {
  const start = /^(\d{4})(\d{2})(\d{2})-[0-9a-f]{8}$/.exec(key);
  return start !== null && `${start[1]}-${start[2]}-${start[3]}` <= todayInBahrain(now);
}

/**
 * The session a reference names, if the admin still lists it and it has not started (a session starting
 * today has started). An admin that cannot answer is 'unavailable', never taken as "gone". A reference the
 * admin no longer lists whose own start date (the key begins with it) is past names a session that has
 * started or ended, which the admin may drop once it is over: 'started' (410, record 028), not 'gone'.
 */
export async function findSession(ref: unknown, now = new Date()): Promise<SessionLookup> {
  if (typeof ref !== 'string' || ref.length > 300) return { ok: false, reason: 'gone' };
  const slash = ref.lastIndexOf('/');
  const slug = parseSubCourseSlug(ref.slice(0, Math.max(0, slash)));
  if (slug === null) return { ok: false, reason: 'gone' };
  const subCourse = await getListedSubCourse(slug);
  if (!subCourse.ok) return { ok: false, reason: isNotFound(subCourse.error) ? 'gone' : 'unavailable' };
  const sessions = subCourse.data.course_venue;
  const number = sessions.findIndex((candidate) => sessionRef(slug, candidate) === ref) + 1;
  const session = sessions[number - 1];
  if (!session) return { ok: false, reason: startedBefore(ref.slice(slash + 1), now) ? 'started' : 'gone' };
  if (session.start_date <= todayInBahrain(now)) return { ok: false, reason: 'started' };
  // the catalogue answers at once once it exists; a cold server waits a moment for its first read
  const catalogue = await site().search.get(2_000);
  const courseCode = catalogue.ok ? catalogue.index.courses.find((course) => course.slug === slug)?.code : undefined;
  return {
    ok: true,
    session: {
      ref,
      course: slug,
      courseTitle: subCourse.data.title,
      ...(courseCode ? { courseCode } : {}),
      startDate: session.start_date,
      endDate: session.end_date,
      venue: session.venue_name,
      feeUsd: session.course_fee,
    },
    // the course page's file for the same session: the same event (UID) as the one emailed (record 018)
    calendarHref: calendarHref(slug, number),
  };
}
