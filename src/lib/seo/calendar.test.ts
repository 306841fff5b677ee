import { describe, expect, test } from 'vitest';
import { calendarHref, escapeText, foldLine, sessionCalendar, sessionUid } from './calendar';

const session = {
  siteName: 'Gulf Training Partners',
  courseTitle: 'Leadership; Strategy, and Change',
  venue: 'Kuala Lumpur',
  startDate: '2026-03-29',
  endDate: '2026-04-02',
  fee: 4875.5,
  pageUrl: 'https://www.example.com/subCourse-details/leadership',
  uid: '20260329-0badf00d@www.example.com',
  now: new Date('2026-01-02T03:04:05.678Z'),
};

/** Unfolds and splits an iCalendar text into its properties (name with parameters → value). */
function properties(ics: string): Map<string, string> {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return new Map(
    unfolded
      .split('\r\n')
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon), line.slice(colon + 1)] as [string, string];
      }),
  );
}

describe('sessionCalendar', () => {
  const ics = sessionCalendar(session);
  const props = properties(ics);

  test('one all-day VEVENT whose DTEND is the day after the last day', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(props.get('DTSTART;VALUE=DATE')).toBe('20260329');
    expect(props.get('DTEND;VALUE=DATE')).toBe('20260403');
    expect(props.get('DTSTAMP')).toBe('20260102T030405Z');
    expect(props.get('UID')).toBe(session.uid);
  });

  test('text is escaped and the page is linked', () => {
    expect(props.get('SUMMARY')).toBe('Leadership\\; Strategy\\, and Change');
    expect(props.get('LOCATION')).toBe('Kuala Lumpur');
    expect(props.get('URL')).toBe(session.pageUrl);
    expect(props.get('DESCRIPTION')).toContain(session.pageUrl);
    expect(props.get('DESCRIPTION')).toContain('US$ 4\\,875.50');
  });

  test("a booking's file says so with its reference; the page's file has none", () => {
    const booked = properties(sessionCalendar({ ...session, reference: 'AB12CD34' }));
    expect(booked.get('DESCRIPTION')).toMatch(/^Your registration\\, reference AB12CD34\. /);
    expect(booked.get('UID')).toBe(session.uid);
    expect(props.get('DESCRIPTION')).not.toContain('reference');
  });

  test('every line ends in CRLF and none is longer than 75 octets', () => {
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe('foldLine', () => {
  test('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'دورة تدريبية '.repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  test('short lines are kept', () => {
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
  });
});

describe('escapeText, calendarHref, sessionUid', () => {
  test('backslashes and newlines', () => {
    expect(escapeText('a\\b\nc')).toBe('a\\\\b\\nc');
  });

  test('slugs are percent-encoded in the address', () => {
    expect(calendarHref('إدارة-المشاريع', 2)).toBe(`/calendar/${encodeURIComponent('إدارة-المشاريع')}/2.ics`);
  });

  test('the same session keeps its UID, which names no host; another session gets another', () => {
    const parts = { slug: 'leadership', startDate: '2026-03-29', endDate: '2026-04-02', venue: 'Dubai' };
    expect(sessionUid(parts)).toBe(sessionUid({ ...parts }));
    expect(sessionUid(parts)).not.toBe(sessionUid({ ...parts, venue: 'Doha' }));
    expect(sessionUid(parts)).toMatch(/^20260329-[0-9a-f]{8}@leadership$/);
  });
});
