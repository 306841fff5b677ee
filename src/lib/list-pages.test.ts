import { describe, expect, test } from 'vitest';
import { listPage, pageHref, pageRange, requestedPage } from './list-pages';

describe('requestedPage', () => {
  test('no page parameter is page 1; other parameters do not matter', () => {
    expect(requestedPage(undefined)).toBe(1);
    expect(requestedPage('')).toBe(1);
    expect(requestedPage('utm_source=mail')).toBe(1);
  });

  test('one page number written plainly is that page', () => {
    expect(requestedPage('page=1')).toBe(1);
    expect(requestedPage('page=2')).toBe(2);
    expect(requestedPage('utm_source=x&page=20')).toBe(20);
    expect(requestedPage(new URLSearchParams({ page: '999999' }))).toBe(999_999);
  });

  test('anything else names no page', () => {
    for (const query of [
      'page=',
      'page=0',
      'page=-1',
      'page=01',
      'page=1.5',
      'page=1e3',
      'page=abc',
      'page=2x',
      'page=%202',
      'page=+2',
      'page=1000000',
      'page=99999999999999999999',
      'page=2&page=3',
      'page=2&page=2',
    ]) {
      expect(requestedPage(query), query).toBeNull();
    }
  });
});

describe('pageHref', () => {
  test('page 1 is the list’s own address; later pages carry their number', () => {
    expect(pageHref('/upcoming-training-course-details/101', 1)).toBe('/upcoming-training-course-details/101');
    expect(pageHref('/upcoming-training-course-details/101', 2)).toBe('/upcoming-training-course-details/101?page=2');
  });
});

describe('listPage', () => {
  const items = Array.from({ length: 105 }, (_, index) => index + 1);

  test('each page holds the next items in the list’s order, and the last one the rest', () => {
    expect(listPage(items, 1, 50)).toEqual({
      page: 1,
      pageCount: 3,
      items: items.slice(0, 50),
      first: 1,
      last: 50,
      total: 105,
    });
    expect(listPage(items, 3, 50)).toMatchObject({ items: [101, 102, 103, 104, 105], first: 101, last: 105 });
  });

  test('the pages together hold every item exactly once', () => {
    const seen = [1, 2, 3].flatMap((page) => listPage(items, page, 50)!.items);
    expect(seen).toEqual(items);
  });

  test('past the last page there is no page', () => {
    expect(listPage(items, 4, 50)).toBeNull();
    expect(listPage(items, 0, 50)).toBeNull();
    expect(listPage(items, 1.5, 50)).toBeNull();
  });

  test('a list that fits, or an empty one, has a single page', () => {
    expect(listPage(items.slice(0, 50), 1, 50)).toMatchObject({ pageCount: 1, first: 1, last: 50 });
    expect(listPage(items.slice(0, 50), 2, 50)).toBeNull();
    expect(listPage([], 1, 50)).toEqual({ page: 1, pageCount: 1, items: [], first: 0, last: 0, total: 0 });
    expect(listPage([], 2, 50)).toBeNull();
  });
});

describe('pageRange', () => {
  test('says where a page sits in its list, with thousands separated', () => {
    expect(
      pageRange(
        listPage(
          Array.from({ length: 1000 }, (_, i) => i),
          2,
          50,
        )!,
      ),
    ).toBe('51 to 100 of 1,000');
  });
});
