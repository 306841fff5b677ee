/** Meta descriptions of the course pages, from their data: what, where, when and from what fee. */
import type { CourseVenue, TrainingCourse } from '../admin/schemas';
import { formatDate, formatFee } from '../format';
import { pageRange, type ListPage } from '../list-pages';
import { listOf } from './plain-text';

/** "Leading Teams in Dubai, Manama and Riyadh from 1 Mar 2026, fees from US$ 2,925. <first sentence>" */
export function subCourseDescription(
  title: string,
  sessions: readonly Pick<CourseVenue, 'venue_name' | 'start_date' | 'course_fee'>[],
  about: string,
): string {
  if (sessions.length === 0) return about ? `${title}: ${about}` : `${title}: dates to be announced.`;
  const sorted = [...sessions].sort((a, b) => a.start_date.localeCompare(b.start_date));
  const venues = [...new Set(sorted.map((session) => session.venue_name.trim()).filter(Boolean))];
  const lowest = Math.min(...sorted.map((session) => session.course_fee));
  const where = venues.length ? ` in ${listOf(venues)}` : '';
  const facts = `${title}${where} from ${formatDate(sorted[0]!.start_date)}, fees from ${formatFee(lowest)}.`;
  return about ? `${facts} ${about}` : facts;
}

/**
 * "Management and Leadership: 6 training courses, including A, B, C and 3 more, with dates, venues and fees."
 * A category in pages says which of its courses the page lists ("training courses 51 to 100 of 1,000,
 * including …"), so each page has a description of its own.
 */
export function courseListDescription(
  title: string,
  shown: Pick<ListPage<Pick<TrainingCourse, 'title'>>, 'items' | 'first' | 'last' | 'total' | 'pageCount'>,
): string {
  if (shown.total === 0) return `${title}: new courses will be announced soon.`;
  const count =
    shown.pageCount > 1
      ? `training courses ${pageRange(shown)}`
      : shown.total === 1
        ? '1 training course'
        : `${shown.total} training courses`;
  return `${title}: ${count}, including ${listOf(shown.items.map((course) => course.title))}, with dates, venues and fees.`;
}
