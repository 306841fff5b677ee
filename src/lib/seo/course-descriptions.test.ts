import { describe, expect, test } from 'vitest';
import { courseListDescription, subCourseDescription } from './course-descriptions';

describe('subCourseDescription', () => {
  const sessions = [
    { start_date: '2026-04-12', end_date: '2026-04-14', venue_name: 'Manama', course_fee: 2925 },
    { start_date: '2026-03-01', end_date: '2026-03-05', venue_name: 'Dubai', course_fee: 4875 },
    { start_date: '2026-05-03', end_date: '2026-05-07', venue_name: 'Dubai', course_fee: 4875 },
  ];

  test('course, venues, first date and lowest fee, then the first sentence', () => {
    expect(subCourseDescription('Leading Teams', sessions, 'Lead with confidence.')).toBe(
      'Leading Teams in Dubai and Manama from 1 Mar 2026, fees from US$ 2,925. Lead with confidence.',
    );
  });

  test('without sessions', () => {
    expect(subCourseDescription('Leading Teams', [], '')).toBe('Leading Teams: dates to be announced.');
  });
});

describe('courseListDescription', () => {
  test('counts and names a few courses', () => {
    expect(courseListDescription('Finance', [{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'D' }])).toBe(
      'Finance: 4 training courses, including A, B, C and 1 more, with dates, venues and fees.',
    );
    expect(courseListDescription('Finance', [])).toMatch(/^Finance: /);
  });
});
