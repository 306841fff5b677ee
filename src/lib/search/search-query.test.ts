import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, fixtureIndex } from '../../../tests/fixtures/search-catalogue';
import { buildSearchIndex } from './search-index';
import { filtersNotYetAnswered, parseSearchQuery, searchCourses, searchHref, type SearchQuery } from './search-query';

const index = fixtureIndex();

/** Codes of the courses found for URL parameters, in result order. */
function codes(params: string): string[] {
  return searchCourses(index, parseSearchQuery(params, index), FIXTURE_NOW).items.map((item) => item.course.code);
}

function sessionsOf(params: string, code: string): string[] {
  const item = searchCourses(index, parseSearchQuery(params, index), FIXTURE_NOW).items.find(
    (found) => found.course.code === code,
  );
  return item ? item.sessions.map((session) => `${session.startDate} ${session.venue}`) : [];
}

describe('the index', () => {
  it('lists every category, course and the options of upcoming sessions only', () => {
    expect(index.categories.map((category) => category.key)).toEqual([
      'upcoming-101',
      'upcoming-102',
      'solution-201',
      'solution-202',
    ]);
    expect(index.categories[2]!.href).toBe('/learning-solutions-course-details/201');
    expect(index.courses).toHaveLength(6);
    expect(index.courses[0]!.href).toBe('/subCourse-details/pmp-exam-preparation-bootcamp');
    // 'Istanbul' and 'İstanbul' are one venue, spelt as first seen; the December 2026 session is over
    expect(index.venues).toEqual(['Barcelona', 'Dubai', 'İstanbul', 'Kuala Lumpur', 'London', 'Manama']);
    expect(index.months).toEqual([1, 2, 3, 4, 5]);
    expect(index.years).toEqual([2027, 2028]);
  });

  it('sorts each course’s sessions by start date', () => {
    expect(index.courses[0]!.sessions.map((session) => session.startDate)).toEqual([
      '2026-12-01',
      '2027-02-14',
      '2027-03-07',
    ]);
  });
});

describe('matching q', () => {
  it('ignores case', () => {
    // PM-101 by its title; the others through their category, 'Project Management Professional (PMP)®…'
    expect(codes('q=pmp')).toEqual(['PM-101', 'PM-102', 'PM-103']);
    expect(codes('q=PMP')).toEqual(codes('q=pmp'));
    expect(codes('q=BOOTCAMP')).toEqual(['PM-101']);
    expect(codes('q=Coaching')).toEqual(codes('q=COACHING'));
  });

  it('ignores accents both ways', () => {
    expect(codes('q=gestion')).toEqual(['GP-301']);
    expect(codes('q=GESTIÓN financiera')).toEqual(['GP-301']);
    expect(codes('q=proyéctos')).toEqual(['GP-301']); // category title, accent added by the visitor
  });

  it('matches the dotted and dotless Istanbul spellings alike, and narrows the sessions to it', () => {
    for (const q of ['istanbul', 'İstanbul', 'ISTANBUL']) {
      expect(codes(`q=${encodeURIComponent(q)}`).sort()).toEqual(['LM-201', 'PM-101']);
    }
    expect(sessionsOf('q=istanbul', 'PM-101')).toEqual(['2027-03-07 İstanbul']);
    expect(sessionsOf('q=istanbul', 'LM-201')).toEqual(['2027-02-20 Istanbul']);
  });

  it('matches the beginnings of words', () => {
    expect(codes('q=boot')).toEqual(['PM-101']);
    expect(codes('q=mentor')).toEqual(['LM-202']);
    // 'manag' begins Management (titles), Managers (title) and the Leadership and Management category
    expect(codes('q=manag').sort()).toEqual(['LM-201', 'LM-202', 'PM-101', 'PM-102', 'PM-103']);
    // but not the middle of a word
    expect(codes('q=agement')).toEqual([]);
  });

  it('matches codes however they are punctuated', () => {
    expect(codes('q=PM-101')[0]).toBe('PM-101');
    expect(codes('q=pm101')).toEqual(['PM-101']);
    expect(codes('q=pm%20101')[0]).toBe('PM-101');
    expect(codes('q=lm-202')).toEqual(['LM-202']);
    expect(codes('q=PM-10').sort()).toEqual(['PM-101', 'PM-102', 'PM-103']);
  });

  it('accepts words in any order', () => {
    expect(codes('q=management risk project')[0]).toBe('PM-103');
    expect(codes('q=scrum agile')).toEqual(['PM-102']);
  });

  it('wants every meaningful word first, joining words left out', () => {
    expect(codes('q=project risk')).toEqual(['PM-103']);
    expect(codes('q=coaching courses in kuala lumpur')).toEqual(['LM-202']);
  });

  it('falls back to the courses with most of the words when none has them all', () => {
    const results = searchCourses(index, parseSearchQuery('q=agile risk', index), FIXTURE_NOW);
    expect(results.allWords).toBe(false);
    expect(results.items.map((item) => item.course.code).sort()).toEqual(['PM-102', 'PM-103']);
    // the course with the title word comes first; one found by its venue alone shows only the sessions there
    expect(codes('q=coaching in london')[0]).toBe('LM-202');
    expect(sessionsOf('q=coaching in london', 'LM-201')).toEqual(['2028-01-10 London']);
  });

  it('forgives a slip in a word of 4 letters or more, and says what it took the word for', () => {
    const results = searchCourses(index, parseSearchQuery('q=coacing', index), FIXTURE_NOW);
    expect(results.items.map((item) => item.course.code)).toEqual(['LM-202']);
    expect(results.correction).toBe('coaching');
    expect(codes('q=Strategic Ladership for Senior Managers')[0]).toBe('LM-201');
    // none in a shorter word or a code: 'PMX' and 'PM-104' are other things
    expect(codes('q=pmx')).toEqual([]);
    expect(codes('q=pm104')).toEqual([]);
  });

  it('finds a category page by its title, and no category once a filter is in play', () => {
    const found = searchCourses(index, parseSearchQuery('q=energy transition', index), FIXTURE_NOW);
    expect(found.total).toBe(0);
    expect(found.categories.map((category) => category.href)).toEqual(['/learning-solutions-course-details/202']);
    const filtered = searchCourses(index, parseSearchQuery('q=energy transition&venue=Dubai', index), FIXTURE_NOW);
    expect(filtered.categories).toEqual([]);
  });

  it('ranks an exact title or code above other matches', () => {
    expect(codes('q=project risk management')[0]).toBe('PM-103');
    expect(codes('q=PM-102')[0]).toBe('PM-102');
    // title words rank above a category-only match
    expect(codes('q=leadership')).toEqual(['LM-201', 'LM-202']);
  });

  it('finds nothing for nonsense', () => {
    expect(searchCourses(index, parseSearchQuery('q=xqzvw', index), FIXTURE_NOW).total).toBe(0);
  });

  it('lists every course when nothing is asked, soonest session first and courses without one last', () => {
    expect(codes('')).toEqual(['PM-101', 'LM-201', 'PM-102', 'GP-301', 'LM-202', 'PM-103']);
  });

  it('never shows sessions that have already started', () => {
    expect(sessionsOf('q=bootcamp', 'PM-101')).toEqual(['2027-02-14 Manama', '2027-03-07 İstanbul']);
  });
});

describe('filters', () => {
  it('category keeps the courses of that category, with or without sessions', () => {
    expect(codes('category=upcoming-101')).toEqual(['PM-101', 'PM-102', 'PM-103']);
    expect(codes('category=solution-202')).toEqual([]);
  });

  it('venue keeps the sessions there, in any spelling of the venue', () => {
    expect(codes('venue=Dubai')).toEqual(['PM-102']); // PM-101's Dubai session is over
    expect(codes('venue=istanbul').sort()).toEqual(['LM-201', 'PM-101']);
    expect(sessionsOf('venue=Istanbul', 'LM-201')).toEqual(['2027-02-20 Istanbul']);
    expect(parseSearchQuery('venue=istanbul', index).venue).toBe('İstanbul');
  });

  it('month keeps sessions starting in that month of any year', () => {
    expect(codes('month=3')).toEqual(['PM-101', 'PM-102']);
    expect(sessionsOf('month=3', 'PM-101')).toEqual(['2027-03-07 İstanbul']);
    expect(codes('month=1')).toEqual(['LM-201']);
    expect(sessionsOf('month=1', 'LM-201')).toEqual(['2028-01-10 London']);
  });

  it('year keeps sessions starting that year', () => {
    expect(codes('year=2028')).toEqual(['LM-201']);
    expect(codes('year=2029')).toEqual([]);
  });

  it('combine with each other and with q', () => {
    expect(codes('category=upcoming-101&venue=Dubai')).toEqual(['PM-102']);
    expect(codes('month=2&year=2027')).toEqual(['PM-101', 'LM-201']);
    expect(codes('q=leadership&year=2027')).toEqual(['LM-201', 'LM-202']);
    expect(codes('q=leadership&venue=London')).toEqual(['LM-201']);
    expect(codes('q=bootcamp&venue=London')).toEqual([]);
  });

  it('drop a course without sessions once a session filter is set', () => {
    expect(codes('category=upcoming-101&year=2027')).toEqual(['PM-101', 'PM-102']);
  });
});

describe('reading the URL', () => {
  it('ignores values that cannot be a filter or are out of range', () => {
    const query = parseSearchQuery('q=%20%20risk%20%20&category=upcoming-999&month=13&year=20x7&page=-2', index);
    expect(query).toEqual({ q: 'risk', page: 1 });
    expect(parseSearchQuery('month=0&year=27&page=abc', index)).toEqual({ q: '', page: 1 });
  });

  it('keeps well-formed values when there is no index yet', () => {
    expect(parseSearchQuery('category=upcoming-3&venue=Dubai&month=12&year=2027&page=2')).toEqual({
      q: '',
      category: 'upcoming-3',
      venue: 'Dubai',
      month: 12,
      year: 2027,
      page: 2,
    });
    expect(parseSearchQuery('category=drop table').category).toBeUndefined();
  });

  it('keeps a venue the index does not know, so the search finds nothing there rather than everything', () => {
    const query = parseSearchQuery('venue=%20Omega%20%20Hall%20', index);
    expect(query.venue).toBe('Omega Hall');
    expect(searchCourses(index, query, FIXTURE_NOW).total).toBe(0);
  });

  it('names the session filters an index still being read for the first time cannot answer for sure', () => {
    const query = parseSearchQuery('q=risk&venue=Dubai&month=3', index);
    expect(filtersNotYetAnswered(query, false)).toEqual(['venue', 'month']);
    expect(filtersNotYetAnswered(query, true)).toEqual([]);
    expect(filtersNotYetAnswered(parseSearchQuery('q=risk', index), false)).toEqual([]);
  });

  it('reads no parameters at all (a bare /search)', () => {
    expect(parseSearchQuery(undefined, index)).toEqual({ q: '', page: 1 });
    expect(parseSearchQuery({ q: 'risk', venue: undefined }, index)).toEqual({ q: 'risk', page: 1 });
  });

  it('caps a very long q', () => {
    expect(parseSearchQuery(`q=${'a'.repeat(5000)}`, index).q).toHaveLength(200);
  });

  it('writes a query back to the same address', () => {
    const query: SearchQuery = {
      q: 'risk & more',
      category: 'upcoming-101',
      venue: 'Kuala Lumpur',
      month: 3,
      year: 2027,
      page: 2,
    };
    const href = searchHref(query);
    expect(href).toBe('/search?q=risk+%26+more&category=upcoming-101&venue=Kuala+Lumpur&month=3&year=2027&page=2');
    expect(parseSearchQuery(href.split('?')[1]!, index)).toEqual(query);
    expect(searchHref({ q: '', page: 1 })).toBe('/search');
  });
});

describe('paging', async () => {
  const many = await buildSearchIndex(
    {
      categories: [
        {
          kind: 'upcoming',
          id: 1,
          title: 'Many',
          courses: Array.from({ length: 25 }, (_, n) => ({
            id: n,
            code: `MC-${100 + n}`,
            title: `Course ${100 + n}`,
            slug: `course-${100 + n}`,
          })),
        },
      ],
      sessionsBySlug: new Map(),
    },
    FIXTURE_NOW,
  );
  const page = (n: string) => searchCourses(many, parseSearchQuery(`page=${n}`, many), FIXTURE_NOW);

  it('shows 10 a page', () => {
    const first = page('1');
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 3, first: 1 });
    expect(first.items.map((item) => item.course.code)).toEqual(Array.from({ length: 10 }, (_, n) => `MC-${100 + n}`));
    const last = page('3');
    expect(last).toMatchObject({ page: 3, first: 21 });
    expect(last.items.map((item) => item.course.code)).toEqual(['MC-120', 'MC-121', 'MC-122', 'MC-123', 'MC-124']);
  });

  it('clamps a page past the end to the last page', () => {
    expect(page('999')).toMatchObject({ page: 3, first: 21 });
  });

  it('has one empty page when nothing matches', () => {
    expect(searchCourses(many, parseSearchQuery('q=nothing', many), FIXTURE_NOW)).toMatchObject({
      total: 0,
      page: 1,
      pageCount: 1,
      first: 0,
      items: [],
    });
  });
});
