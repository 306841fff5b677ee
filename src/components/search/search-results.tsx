import { formatDate, formatFee } from '../../lib/format';
import { queryTokens } from '../../lib/search/normalize-text';
import type { SearchCategory, SearchIndex, SearchSession } from '../../lib/search/search-index';
import {
  monthName,
  searchHref,
  type CourseMatch,
  type SearchQuery,
  type SearchResults as Results,
} from '../../lib/search/search-query';
import { ButtonLink } from '../ui/button-link';
import { Pagination } from '../ui/pagination';
import { HighlightMatches } from './highlight-matches';
import styles from './search-results.module.css';
import { href } from '../../lib/site-routes';

/** Sessions listed under each result; the sub-course page has them all. */
const SESSIONS_SHOWN = 3;

/** The count (announced), the page of results and the paging, or the empty state. */
export function SearchResults({
  index,
  query,
  results,
  complete,
}: {
  index: SearchIndex;
  query: SearchQuery;
  results: Results;
  /** The index holds the whole catalogue (a venue it does not know is then held nowhere). */
  complete: boolean;
}) {
  const { required, optional } = queryTokens(query.q);
  // the words a slip was taken for are marked too
  const tokens = [...required, ...optional, ...(results.correction ? queryTokens(results.correction).required : [])];
  const filters = describeFilters(index, query);
  return (
    <section className={styles.results} aria-labelledby="search-results-count">
      <div className={styles.summary}>
        <p id="search-results-count" className={styles.count} role="status">
          {results.total === 0
            ? 'No courses found'
            : `${results.total} ${results.total === 1 ? 'course' : 'courses'} found`}
          {query.q ? <> for “{query.q}”</> : null}
          {filters ? <span className={styles.filters}> · {filters}</span> : null}
        </p>
        {results.pageCount > 1 ? (
          <p className={styles.range}>
            Showing {results.first}–{results.first + results.items.length - 1} of {results.total}, page {results.page}{' '}
            of {results.pageCount}
          </p>
        ) : null}
      </div>

      {results.correction ? (
        <p className={styles.correction}>
          Did you mean <a href={searchHref({ ...query, q: results.correction, page: 1 })}>{results.correction}</a>?
        </p>
      ) : null}
      {results.total > 0 && !results.allWords ? (
        <p className={styles.mostWords}>No course has all of these words: the courses below have most of them.</p>
      ) : null}
      {results.categories.length > 0 && results.page === 1 ? (
        <MatchingCategories categories={results.categories} />
      ) : null}

      {results.total === 0 ? (
        <NoResults
          query={query}
          unknownVenue={complete && query.venue !== undefined && !index.venues.includes(query.venue)}
        />
      ) : (
        <ol className={styles.list} start={results.first}>
          {results.items.map((match) => (
            <li key={match.course.slug} className={styles.item} data-course={match.course.slug}>
              <CourseResult
                match={match}
                tokens={tokens}
                filtered={Boolean(query.venue || query.month || query.year)}
              />
            </li>
          ))}
        </ol>
      )}

      <Pagination
        label="Search results pages"
        page={results.page}
        pageCount={results.pageCount}
        href={(page) => searchHref({ ...query, page })}
      />
    </section>
  );
}

/** The families and learning solutions a visitor may have read on the home page, linked to their pages. */
function MatchingCategories({ categories }: { categories: SearchCategory[] }) {
  return (
    <section className={styles.categories} aria-labelledby="search-categories">
      <h2 id="search-categories" className={styles.categoriesTitle}>
        Course families and learning solutions
      </h2>
      <ul className={styles.categoryList}>
        {categories.map((category) => (
          <li key={category.key} data-category={category.key}>
            <a href={category.href}>{category.listedTitle ?? category.title}</a>
            <span className={styles.categoryKind}>
              {category.kind === 'upcoming' ? ' · upcoming course family' : ' · learning solution'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CourseResult({ match, tokens, filtered }: { match: CourseMatch; tokens: string[]; filtered: boolean }) {
  const { course, categories, sessions } = match;
  const headingId = `result-${course.slug}`;
  const shown = sessions.slice(0, SESSIONS_SHOWN);
  const more = sessions.length - shown.length;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <p className={styles.meta}>
        {course.code ? (
          <span className={styles.code}>
            <span className="visually-hidden">Code </span>
            <HighlightMatches text={course.code} tokens={tokens} />
          </span>
        ) : null}
        {categories.map((category) => (
          <a key={category.key} className={styles.category} href={category.href}>
            <HighlightMatches text={category.title} tokens={tokens} />
          </a>
        ))}
      </p>
      <h2 id={headingId} className={styles.title}>
        <a href={course.href}>
          <HighlightMatches text={course.title} tokens={tokens} />
        </a>
      </h2>
      {shown.length > 0 ? (
        <>
          <h3 className="visually-hidden">{filtered ? 'Matching dates' : 'Next dates'}</h3>
          <ul className={styles.sessions}>
            {shown.map((session, position) => (
              <SessionRow key={`${session.startDate}-${session.venue}-${position}`} session={session} tokens={tokens} />
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.noDates}>No dates scheduled yet: ask us about the next session or an in-house course.</p>
      )}
      <p className={styles.actions}>
        <ButtonLink href={course.href} variant="outline" size="small">
          {more > 0 ? `See all ${sessions.length} dates and details` : 'Course details'}
          <span className="visually-hidden"> for {course.title}</span>
        </ButtonLink>
      </p>
    </article>
  );
}

function SessionRow({ session, tokens }: { session: SearchSession; tokens: string[] }) {
  return (
    <li className={styles.session} data-start={session.startDate} data-venue={session.venue}>
      <span className={styles.dates}>
        <time dateTime={session.startDate}>{formatDate(session.startDate)}</time>
        <span aria-hidden="true"> – </span>
        <span className="visually-hidden"> to </span>
        <time dateTime={session.endDate}>{formatDate(session.endDate)}</time>
      </span>
      <span className={styles.venue}>
        <span className="visually-hidden">, in </span>
        <HighlightMatches text={session.venue} tokens={tokens} />
      </span>
      <span className={styles.fee}>
        <span className="visually-hidden">, fee </span>
        {formatFee(session.fee)}
      </span>
    </li>
  );
}

function NoResults({ query, unknownVenue }: { query: SearchQuery; unknownVenue: boolean }) {
  const filtered = Boolean(query.category || query.venue || query.month || query.year);
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>No courses match your search</h2>
      {unknownVenue ? <p>None of our scheduled courses is held at “{query.venue}”.</p> : null}
      <p>
        Check the spelling, try fewer or more general words{filtered ? ', or remove a filter' : ''}, or find a course by
        category, venue, month or year with the filters above.
      </p>
      <ul className={styles.emptyLinks}>
        {filtered && query.q ? (
          <li>
            <a href={searchHref({ q: query.q })}>Search for “{query.q}” without filters</a>
          </li>
        ) : null}
        <li>
          <a href={href('/search')}>Browse all courses</a>
        </li>
      </ul>
      <p>Looking for something we do not list? We run courses on request, in Bahrain or at your premises.</p>
      <ButtonLink href={href('/contact-us')}>Contact us</ButtonLink>
    </div>
  );
}

/** 'Leadership Programmes · in Dubai · March 2027', from the filters in effect. */
function describeFilters(index: SearchIndex, query: SearchQuery): string {
  const parts: string[] = [];
  const category = index.categories.find((known) => known.key === query.category);
  if (category) parts.push(category.title);
  if (query.venue) parts.push(`in ${query.venue}`);
  const when = [query.month ? monthName(query.month) : '', query.year ? String(query.year) : '']
    .filter(Boolean)
    .join(' ');
  if (when) parts.push(`starting ${when}`);
  return parts.join(' · ');
}
