import type { ContentError } from '../../lib/admin/content-error';
import { Meta } from '../seo/meta';
import { searchOptions } from '../../lib/search/search-options';
import {
  filtersNotYetAnswered,
  hasCriteria,
  parseSearchQuery,
  searchCourses,
  type SearchQuery,
} from '../../lib/search/search-query';
import { PageHeader } from '../content-page/page-header';
import { ButtonLink, buttonClassName } from '../ui/button-link';
import { SectionError } from '../ui/section-error';
import { CourseSearchFields } from './course-search-fields';
import { SearchResults } from './search-results';
import styles from './course-search-page.module.css';
import { href } from '../../lib/site-routes';
import { site } from '../../site';

/**
 * Starts /search's load (its route awaits this first): the catalogue index and the visitor's query read
 * against it. The index is awaited up front, not behind Suspense, so the whole answer is in the HTML for
 * visitors without JavaScript; once warm it is served from memory, so only the very first search after a
 * start waits for the catalogue.
 */
export async function loadSearchPage(search: string | undefined) {
  const indexResult = await site().search.get();
  const query = parseSearchQuery(search, indexResult.ok ? indexResult.index : undefined);
  return { indexResult, query, complete: site().search.complete() };
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>;

/** /search's head: result lists repeat the course pages, so crawlers follow them but do not index them. */
export function SearchPageHead({ page: { query } }: { page: SearchPageData }) {
  return (
    <Meta
      title={heading(query, ['"', '"'])}
      description="Find an open course by keyword, category, venue, month or year: dates, venues and fees in US dollars."
      route="/search"
      noindex
    />
  );
}

/** /search: the search form (prefilled from the URL) and the results. */
export function CourseSearchPage({ page: { indexResult, query, complete } }: { page: SearchPageData }) {
  const index = indexResult.ok ? indexResult.index : undefined;
  return (
    <>
      <PageHeader eyebrow="Course search" title={heading(query)} />
      <div className={`container ${styles.body}`}>
        <form className={styles.form} action={href('/search')} method="get" role="search" aria-label="Course search">
          <CourseSearchFields idPrefix="search" options={searchOptions(index, query)} values={query} />
          <div className={styles.formActions}>
            <button type="submit" className={buttonClassName('primary')}>
              Search
            </button>
            {hasCriteria(query) ? (
              <a className={styles.clear} href={href('/search')}>
                Clear search
              </a>
            ) : null}
          </div>
        </form>
        {indexResult.ok ? (
          <>
            <StillReading filters={filtersNotYetAnswered(query, complete)} />
            <SearchResults
              index={indexResult.index}
              query={query}
              results={searchCourses(indexResult.index, query)}
              complete={complete}
            />
          </>
        ) : (
          <SearchUnavailable error={indexResult.error} />
        )}
      </div>
    </>
  );
}

/** No index yet (the admin is down, or the first build is slow): say so, keep the form, offer a way to ask us. */
function SearchUnavailable({ error }: { error: ContentError }) {
  return (
    <div className={styles.unavailable}>
      <SectionError error={error} what="The course list" />
      <p>Meanwhile you can browse the courses from the home page, or ask us directly.</p>
      <ButtonLink href={href('/contact-us')} variant="outline">
        Contact us
      </ButtonLink>
    </div>
  );
}

/**
 * While a new deployment's very first crawl is still reading the sessions, a venue, month or year filter
 * is applied to what is known so far: say that more may come rather than pass a short list off as complete.
 */
function StillReading({ filters }: { filters: ('venue' | 'month' | 'year')[] }) {
  if (filters.length === 0) return null;
  const which = filters.length === 1 ? filters[0] : `${filters.slice(0, -1).join(', ')} and ${filters.at(-1)}`;
  return (
    <p className={styles.stillReading}>
      {`We are still reading the catalogue: results for this ${which} may be missing.`} Please check again in a few
      minutes, or <a href={href('/contact-us')}>ask us</a> about the dates you need.
    </p>
  );
}

/** The page's heading, and with plain quotes its title. */
function heading(query: SearchQuery, [open, close]: readonly [string, string] = ['“', '”']): string {
  if (query.q) return `Search results for ${open}${query.q}${close}`;
  return hasCriteria(query) ? 'Search results' : 'Find a course';
}
