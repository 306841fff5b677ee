/**
 * What the header search suggests while a visitor types (issue 33): a few courses with their next date, the
 * course families and learning solutions whose title matches, and the correction of a slip. The same search
 * as /search (search-query.ts), so a suggestion is never something the results page would not show. Plain
 * data: the request chain answers it as JSON (src/request-chain/search-suggestions.ts).
 */
import { formatDate } from '../format';
import type { SearchIndex } from './search-index';
import { searchCourses } from './search-query';

const COURSES_SUGGESTED = 5;
const CATEGORIES_SUGGESTED = 2;
/** Longer input is not a query someone is typing into a 170 px box. */
const MAX_QUERY_LENGTH = 100;

type Suggestion = {
  kind: 'course' | 'category';
  title: string;
  href: string;
  /** 'PM-101 · next 14 Feb 2027, Dubai', 'Learning solution'. */
  detail: string;
};

export type SuggestionsAnswer = {
  q: string;
  suggestions: Suggestion[];
  /** How many courses /search finds for these words. */
  total: number;
  correction?: string;
};

export function suggestCourses(index: SearchIndex, typed: string, now: number = Date.now()): SuggestionsAnswer {
  const q = typed.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return { q, suggestions: [], total: 0 };
  const results = searchCourses(index, { q, page: 1 }, now);
  const categories: Suggestion[] = results.categories.slice(0, CATEGORIES_SUGGESTED).map((category) => ({
    kind: 'category',
    title: category.listedTitle ?? category.title,
    href: category.href,
    detail: category.kind === 'upcoming' ? 'Upcoming course family' : 'Learning solution',
  }));
  const courses: Suggestion[] = results.items.slice(0, COURSES_SUGGESTED).map(({ course, sessions }) => {
    const next = sessions[0];
    const when = next ? `next ${formatDate(next.startDate)}, ${next.venue}` : 'dates on request';
    return {
      kind: 'course',
      title: course.title,
      href: course.href,
      detail: course.code ? `${course.code} · ${when}` : when,
    };
  });
  return {
    q,
    suggestions: [...courses, ...categories],
    total: results.total,
    ...(results.correction ? { correction: results.correction } : {}),
  };
}
