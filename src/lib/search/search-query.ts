/**
 * What a search asks (read from the URL, so results can be shared and bookmarked) and what it finds on an
 * index. Matching: every word of `q` must begin a word of the course's title, code, category or (for the
 * sessions then shown) venue, in any order, after accent and case folding; joining words such as 'in' or
 * 'courses' only add to the ranking. Ranking: exact title or code first, then title/code words above
 * category and venue words, then the soonest session.
 * Filters: `category` narrows the courses, `venue`, `month` and `year` narrow the sessions, and a course with
 * no session left is dropped once a session filter (or a venue word in `q`) is in play.
 */
import { compactText, foldText, queryTokens, tokenize } from './normalize-text';
import {
  firstUpcomingDay,
  type SearchCategory,
  type SearchCourse,
  type SearchIndex,
  type SearchSession,
} from './search-index';

const PAGE_SIZE = 10;
const MAX_QUERY_LENGTH = 200;

// One collator for every comparison: localeCompare with a locale builds a new one each call.
const titleOrder = new Intl.Collator('en');

export type SearchQuery = {
  q: string;
  /** A category key (`upcoming-101`). */
  category?: string;
  /** A venue name as the index spells it. */
  venue?: string;
  month?: number;
  year?: number;
  page: number;
};

export type SearchParamsInput = URLSearchParams | string | Record<string, string | undefined>;

const CATEGORY_KEY = /^(upcoming|solution)-\d+$/;

/**
 * Read a query from URL parameters. Values that cannot be a filter (a category key the index does not list,
 * month 13, year 'abc', page 0) are dropped rather than failing; without an index, keys are kept when
 * well-formed. A venue is taken in the index's spelling when it knows the venue, and kept as asked when it
 * does not: the search then finds no session there (and says so) instead of quietly searching everywhere.
 * The page is clamped later, once the number of results is known.
 */
export function parseSearchQuery(input: SearchParamsInput | undefined, index?: SearchIndex): SearchQuery {
  const params =
    input instanceof URLSearchParams
      ? input
      : new URLSearchParams(typeof input === 'object' ? definedEntries(input) : (input ?? ''));
  const read = (name: string) => (params.get(name) ?? '').trim();

  const query: SearchQuery = { q: read('q').replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH).trim(), page: 1 };

  const category = read('category');
  if (index ? index.categories.some((known) => known.key === category) : CATEGORY_KEY.test(category))
    query.category = category;

  const venue = read('venue').replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH).trim();
  if (venue) query.venue = index?.venues.find((name) => foldText(name) === foldText(venue)) ?? venue;

  const month = wholeNumber(read('month'));
  if (month !== undefined && month >= 1 && month <= 12) query.month = month;

  const year = read('year');
  if (/^\d{4}$/.test(year)) query.year = Number(year);

  const page = wholeNumber(read('page'));
  if (page !== undefined && page >= 1) query.page = page;

  return query;
}

/** The address of a search, omitting what is empty (and page 1), in a fixed order. */
export function searchHref(query: Partial<SearchQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.venue) params.set('venue', query.venue);
  if (query.month) params.set('month', String(query.month));
  if (query.year) params.set('year', String(query.year));
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/search?${search}` : '/search';
}

export function hasCriteria(query: SearchQuery): boolean {
  return Boolean(query.q || query.category || query.venue || query.month || query.year);
}

export type CourseMatch = {
  course: SearchCourse;
  categories: SearchCategory[];
  /** Upcoming sessions that pass the filters, soonest first. */
  sessions: SearchSession[];
  score: number;
};

export type SearchResults = {
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** 1-based position of the first item on this page (0 when there are none). */
  first: number;
  items: CourseMatch[];
};

export function searchCourses(index: SearchIndex, query: SearchQuery, now: number = Date.now()): SearchResults {
  const { required, optional } = queryTokens(query.q);
  const foldedQuery = tokenize(query.q).join(' ');
  const compactQuery = compactText(query.q);
  const today = firstUpcomingDay(now);
  const sessionFilter = query.venue !== undefined || query.month !== undefined || query.year !== undefined;
  const foldedVenue = query.venue === undefined ? undefined : foldText(query.venue);

  const matches: CourseMatch[] = [];
  for (const course of index.courses) {
    if (query.category && !course.categoryKeys.includes(query.category)) continue;

    let score = 0;
    const venueWords: string[] = [];
    for (const token of required) {
      const weight = courseWeight(course, token);
      if (weight > 0) score += weight;
      else venueWords.push(token);
    }
    for (const token of optional) score += courseWeight(course, token) / 2;

    const sessions = course.sessions.filter(
      (session) =>
        session.startDate >= today &&
        (foldedVenue === undefined || foldText(session.venue) === foldedVenue) &&
        (query.month === undefined || session.month === query.month) &&
        (query.year === undefined || session.year === query.year) &&
        venueWords.every((word) => session.venueTokens.some((venueToken) => venueToken.startsWith(word))),
    );
    if ((sessionFilter || venueWords.length > 0) && sessions.length === 0) continue;

    if (required.length > 0) {
      score += venueWords.length * 2;
      if (course.foldedTitle === foldedQuery) score += 100;
      else if (course.foldedTitle.startsWith(foldedQuery)) score += 10;
      if (compactQuery && course.compactCode === compactQuery) score += 100;
    }

    matches.push({
      course,
      categories: index.categories.filter((category) => course.categoryKeys.includes(category.key)),
      sessions,
      score,
    });
  }

  matches.sort(
    (a, b) =>
      b.score - a.score ||
      compareNextSession(a.sessions[0], b.sessions[0]) ||
      titleOrder.compare(a.course.title, b.course.title),
  );

  const pageCount = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const start = (page - 1) * PAGE_SIZE;
  const items = matches.slice(start, start + PAGE_SIZE);
  return { total: matches.length, page, pageCount, pageSize: PAGE_SIZE, first: items.length ? start + 1 : 0, items };
}

/** How well a query word matches a course's own words: title and code count more than the category. */
function courseWeight(course: SearchCourse, token: string): number {
  return Math.max(
    wordWeight(course.titleTokens, token, 6, 4),
    wordWeight(course.codeTokens, token, 6, 4),
    wordWeight(course.categoryTokens, token, 2, 1),
  );
}

/** `exact` when a word equals the token, `prefix` when one starts with it, else 0. */
function wordWeight(words: readonly string[], token: string, exact: number, prefix: number): number {
  let weight = 0;
  for (const word of words) {
    if (word === token) return exact;
    if (weight === 0 && word.startsWith(token)) weight = prefix;
  }
  return weight;
}

/** Courses with a session come before those without; earlier sessions first. */
function compareNextSession(a: SearchSession | undefined, b: SearchSession | undefined): number {
  if (a && b) return a.startDate.localeCompare(b.startDate);
  return a ? -1 : b ? 1 : 0;
}

function wholeNumber(text: string): number | undefined {
  return /^\d{1,6}$/.test(text) ? Number(text) : undefined;
}

function definedEntries(record: Record<string, string | undefined>): [string, string][] {
  return Object.entries(record).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, value] as [string, string]],
  );
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

/** 3 → 'March'. */
export function monthName(month: number): string {
  return monthFormat.format(Date.UTC(2000, month - 1, 1));
}

/**
 * The session filters of `query` the index cannot answer for sure yet (while a deployment's very first crawl
 * is still reading the sessions): 'venue', 'month', 'year', in that order.
 */
export function filtersNotYetAnswered(query: SearchQuery, complete: boolean): ('venue' | 'month' | 'year')[] {
  if (complete) return [];
  return (['venue', 'month', 'year'] as const).filter((name) => query[name] !== undefined);
}
