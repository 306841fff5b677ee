/**
 * One course session as an iCalendar file (RFC 5545): an all-day VEVENT from the first day to the day after
 * the last (DTEND is exclusive for dates), with the course title, the venue and a link back to the page.
 * Lines end in CRLF and are folded at 75 octets; text values are escaped.
 */
import { formatFee } from '../format';
import { href } from '../site-routes';

export type CalendarSession = {
  /** The provider's name, as the site is named (siteName()). */
  siteName: string;
  courseTitle: string;
  venue: string;
  /** yyyy-mm-dd, both days included. */
  startDate: string;
  endDate: string;
  fee: number;
  /** Absolute address of the course page ('' when the site's address is not known: no link then). */
  pageUrl: string;
  /** Stable across downloads of the same session, so calendars update instead of duplicating. */
  uid: string;
  /** A booking's reference (the emailed file of a registration), so the event says which booking it is. */
  reference?: string | undefined;
  now: Date;
};

/** The address of session `number` (1-based, in the page's order) of a sub-course. */
export function calendarHref(slug: string, number: number): string {
  return href('/calendar/[slug]/[n].ics', { slug, n: number });
}

/** TEXT escaping: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Splits a content line into lines of at most 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // continuation lines begin with one space, which counts towards their 75 octets
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function dateValue(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}

function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function sessionCalendar(session: CalendarSession): string {
  const description =
    (session.reference ? `Your registration, reference ${session.reference}. ` : '') +
    `${session.courseTitle} with ${session.siteName}, ${session.venue}. Fee ${formatFee(session.fee)}.` +
    (session.pageUrl ? ` Details and registration: ${session.pageUrl}` : '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(session.siteName)}//Course sessions//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${session.uid}`,
    `DTSTAMP:${timestamp(session.now)}`,
    `DTSTART;VALUE=DATE:${dateValue(session.startDate)}`,
    `DTEND;VALUE=DATE:${dateValue(dayAfter(session.endDate))}`,
    `SUMMARY:${escapeText(session.courseTitle)}`,
    `LOCATION:${escapeText(session.venue)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(session.pageUrl ? [`URL:${session.pageUrl}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

type SessionParts = { slug: string; startDate: string; endDate: string; venue: string };

/**
 * A short, stable key for a session (the admin gives sessions no id): its start date and FNV-1a of what
 * identifies it. The calendar file's UID and the registration form's session reference are built on it.
 */
export function sessionKey(parts: SessionParts): string {
  let hash = 0x811c9dc5;
  for (const char of `${parts.slug}|${parts.startDate}|${parts.endDate}|${parts.venue}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${dateValue(parts.startDate)}-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * A session's UID in calendar files: the same for the page's "Add to calendar" file and a booking's emailed
 * one, so importing both updates one event. It names no host: the page's file would take the host the
 * visitor asked for and the email's the configured one, making one session two events (record 018).
 */
export function sessionUid(parts: SessionParts): string {
  return `${sessionKey(parts)}@${parts.slug}`;
}
