import styles from './pagination.module.css';

/**
 * A list's pages as plain links a crawler follows and a visitor can open in a new tab: Previous, the page
 * numbers and Next, the current page marked for screen readers (`aria-current`). Long runs of pages are
 * shortened to the first, the last and the two around the current one; Previous and Next still walk every
 * page. One for every list in pages (search results, a category's courses, the sitemap).
 */
export function Pagination({
  label,
  page,
  pageCount,
  href,
}: {
  /** The nav's accessible name, saying whose pages they are ("Search results pages"). */
  label: string;
  page: number;
  pageCount: number;
  /** The address of a page of the list. */
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul className={styles.list}>
        {page > 1 ? (
          <li>
            <a className={`${styles.link} ${styles.step}`} href={href(page - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
            </a>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((number, position) =>
          number === null ? (
            <li key={`gap-${position}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <a
                className={`${styles.link} ${number === page ? styles.current : ''}`}
                href={href(number)}
                aria-current={number === page ? 'page' : undefined}
              >
                <span className="visually-hidden">Page </span>
                {number}
              </a>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <a className={`${styles.link} ${styles.step}`} href={href(page + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
              <span aria-hidden="true"> ›</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 12: every page when there are few, else the ends and the neighbours of `page`. */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  shown.forEach((n, index) => {
    const previous = shown[index - 1];
    if (previous !== undefined && n - previous > 1) numbers.push(n - previous === 2 ? previous + 1 : null);
    numbers.push(n);
  });
  return numbers;
}
