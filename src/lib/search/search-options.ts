/** The choices the search selects offer: what the index holds, plus what the current query asks for. */
import type { CategoryKind, SearchIndex } from './search-index';
import { monthName, type SearchQuery } from './search-query';

export type SearchOption = { value: string; label: string };

export type SearchOptions = {
  categoryGroups: { label: string; options: SearchOption[] }[];
  venues: SearchOption[];
  months: SearchOption[];
  years: SearchOption[];
};

const GROUP_LABELS: Record<CategoryKind, string> = { upcoming: 'Open courses', solution: 'Learning solutions' };

/**
 * Options from the index (empty without one). A month or year the query asks for that no session has is
 * still offered, so the select shows what the results were filtered by.
 */
export function searchOptions(index: SearchIndex | undefined, query: Partial<SearchQuery> = {}): SearchOptions {
  const categories = index?.categories ?? [];
  const categoryGroups = (['upcoming', 'solution'] as const)
    .map((kind) => ({
      label: GROUP_LABELS[kind],
      options: categories
        .filter((category) => category.kind === kind)
        .map((category) => ({ value: category.key, label: category.title })),
    }))
    .filter((group) => group.options.length > 0);

  const venues = [...(index?.venues ?? [])];
  if (query.venue && !venues.includes(query.venue)) venues.push(query.venue);
  const months = withValue(index?.months ?? [], query.month).sort((a, b) => a - b);
  const years = withValue(index?.years ?? [], query.year).sort((a, b) => a - b);

  return {
    categoryGroups,
    venues: venues.map((venue) => ({ value: venue, label: venue })),
    months: months.map((month) => ({ value: String(month), label: monthName(month) })),
    years: years.map((year) => ({ value: String(year), label: String(year) })),
  };
}

function withValue(values: readonly number[], value: number | undefined): number[] {
  return value === undefined || values.includes(value) ? [...values] : [...values, value];
}
