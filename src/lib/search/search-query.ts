/**
 * What a search asks (read from the URL, so results can be shared and bookmarked) and what it finds on an
 * index. Matching is the search engine's (search-engine.ts: slips forgiven by word length, every word first
 * and then most words, title and code above category above description); a word found only among a course's
 * venues shows only the sessions held there; joining words such as 'in' or 'courses' are left out.
 * Ranking: an exact title or code (or a title equal to the words with their slips corrected) first, then the engine's score (scores within 5% are a tie), then the
 * soonest session.
 * Filters: `category` narrows the courses, `venue`, `month` and `year` narrow the sessions, and a course with
 * no session left is dropped once a session filter (or a venue word in `q`) is in play.
 */
import { todayInBahrain } from '../format';
import { href } from '../site-routes';
import { compactText, foldText } from './normalize-text';
import { CATEGORY_DOCUMENT_PREFIX, queryTerms, searchEngine } from './search-engine';
import type { SearchCategory, SearchCourse, SearchIndex, SearchSession } from './search-index';

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
  const { q, category, venue, month, year, page } = query;
  // a 0 or NaN month, year or page names nothing: left out, as an empty value
  return href('/search', {
    query: {
      q,
      category,
      venue,
      month: month || undefined,
      year: year || undefined,
      page: page && page > 1 ? page : undefined,
    },
  });
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
  /** Course families and learning solutions whose title matches the words (none when a filter is in play). */
  categories: SearchCategory[];
  /** The words with their slips corrected, when a word was found only through a correction ("Did you mean"). */
  correction?: string;
  /** False when no course has every word: the results have most of them. */
  allWords: boolean;
};

/** Scores within this share of each other count as a tie, broken by the soonest session. */
const TIE_BAND = 0.05;

export function searchCourses(index: SearchIndex, query: SearchQuery, now: number = Date.now()): SearchResults {
  const today = todayInBahrain(new Date(now));
  const sessionFilter = query.venue !== undefined || query.month !== undefined || query.year !== undefined;
  const foldedVenue = query.venue === undefined ? undefined : foldText(query.venue);
  const upcoming = (course: SearchCourse, venueWords: readonly string[]) =>
    course.sessions.filter(
      (session) =>
        session.startDate >= today &&
        (foldedVenue === undefined || foldText(session.venue) === foldedVenue) &&
        (query.month === undefined || session.month === query.month) &&
        (query.year === undefined || session.year === query.year) &&
        venueWords.every((word) => session.venueTokens.includes(word)),
    );

  const matches: CourseMatch[] = [];
  const categories: SearchCategory[] = [];
  let correction: string | undefined;
  let allWords = true;
  const categoriesOf = (course: SearchCourse) =>
    course.categoryKeys.flatMap((key) => index.categoryByKey.get(key) ?? []);

  if (query.q && queryTerms(query.q).length > 0) {
    const answer = searchEngine(index.engine, query.q);
    correction = answer.correction;
    allWords = answer.allWords;
    // the words as typed, and with their slips corrected: a title equal to either is the one asked for
    const asked = new Set([queryTerms(query.q).join(' '), ...(answer.correction ? [answer.correction] : [])]);
    const compactQuery = compactText(query.q);
    for (const found of answer.matches) {
      if (found.id.startsWith(CATEGORY_DOCUMENT_PREFIX)) {
        const category = index.categoryByKey.get(found.id.slice(CATEGORY_DOCUMENT_PREFIX.length));
        if (category) categories.push(category);
        continue;
      }
      const course = index.courseBySlug.get(found.id);
      if (!course) continue;
      if (query.category && !course.categoryKeys.includes(query.category)) continue;
      // a word found only among the venues names where: only those sessions are shown
      const venueWords = Object.entries(found.match).flatMap(([word, fields]) =>
        fields.length > 0 && fields.every((field) => field === 'venue') ? [word] : [],
      );
      const sessions = upcoming(course, venueWords);
      if ((sessionFilter || venueWords.length > 0) && sessions.length === 0) continue;
      // an exact title or code is first whatever the engine thinks of the other words
      const exact = asked.has(course.titleTerms) || (compactQuery !== '' && course.compactCode === compactQuery);
      matches.push({ course, categories: categoriesOf(course), sessions, score: exact ? Infinity : found.score });
    }
  } else {
    for (const course of index.courses) {
      if (query.category && !course.categoryKeys.includes(query.category)) continue;
      const sessions = upcoming(course, []);
      if (sessionFilter && sessions.length === 0) continue;
      matches.push({ course, categories: categoriesOf(course), sessions, score: 0 });
    }
  }

  const band = (score: number) =>
    score === Infinity ? Infinity : score > 0 ? Math.floor(Math.log(score) / Math.log1p(TIE_BAND)) : 0;
  const ranked = matches.map((match) => ({ match, band: band(match.score) }));
  ranked.sort(
    (a, b) =>
      (b.band === a.band ? 0 : b.band > a.band ? 1 : -1) ||
      compareNextSession(a.match.sessions[0], b.match.sessions[0]) ||
      b.match.score - a.match.score ||
      titleOrder.compare(a.match.course.title, b.match.course.title),
  );

  const pageCount = Math.max(1, Math.ceil(ranked.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const start = (page - 1) * PAGE_SIZE;
  const items = ranked.slice(start, start + PAGE_SIZE).map(({ match }) => match);
  return {
    total: ranked.length,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
    first: items.length ? start + 1 : 0,
    items,
    categories: query.category || sessionFilter ? [] : categories.slice(0, 5),
    allWords,
    ...(correction ? { correction } : {}),
  };
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
