import { describe, expect, test } from 'vitest';
import { listPage } from '../list-pages';
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
  const courses = (n: number) => Array.from({ length: n }, (_, i) => ({ title: String.fromCharCode(65 + (i % 26)) }));

  test('counts and names a few courses', () => {
    expect(courseListDescription('Finance', listPage(courses(4), 1, 50)!)).toBe(
      'Finance: 4 training courses, including A, B, C and 1 more, with dates, venues and fees.',
    );
    expect(courseListDescription('Finance', listPage([], 1, 50)!)).toMatch(/^Finance: /);
  });

  test('a page of a category in pages says which of its courses it lists', () => {
    expect(courseListDescription('Finance', listPage(courses(1000), 2, 50)!)).toBe(
      'Finance: training courses 51 to 100 of 1,000, including Y, Z, A and 47 more, with dates, venues and fees.',
    );
  });
});
