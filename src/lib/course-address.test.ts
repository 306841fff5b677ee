import { describe, expect, test } from 'vitest';
import { parseCategoryId, parseSubCourseSlug } from './course-address';

describe('parseCategoryId', () => {
  test.each([
    ['101', 101],
    ['1', 1],
    ['9007199254740991', 9007199254740991],
  ])('%s → %s', (raw, id) => expect(parseCategoryId(raw)).toBe(id));

  test.each([
    '',
    '0',
    '-3',
    '1.5',
    '1e3',
    'abc',
    '101abc',
    ' 101',
    '0101',
    '+5',
    '9007199254740993',
    '12345678901234567',
  ])('%j is not an id', (raw) => expect(parseCategoryId(raw)).toBeNull());

  test('a missing param is not an id', () => expect(parseCategoryId(undefined)).toBeNull());
});

describe('parseSubCourseSlug', () => {
  test.each(['pmp-exam-preparation-bootcamp', 'a', 'hse_level-2.v3'])('%s is kept', (raw) =>
    expect(parseSubCourseSlug(raw)).toBe(raw),
  );

  test.each(['', '..', '.', 'a/b', 'a b', 'a?b', 'x'.repeat(201), 'a%2Fb', '%E0%A4%A', '%2e%2e', 'a%2525b'])(
    '%j is not a slug',
    (raw) => expect(parseSubCourseSlug(raw)).toBeNull(),
  );

  test('a slug that is not ASCII is kept, and decoded once when it arrives percent-encoded', () => {
    expect(parseSubCourseSlug('café-leadership')).toBe('café-leadership');
    expect(parseSubCourseSlug('caf%C3%A9-leadership')).toBe('café-leadership');
  });
});
