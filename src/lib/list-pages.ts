/**
 * Long lists in pages (record 040): a category of any size, and the /sitemap page, are shown a bounded
 * number of items at a time, each page at its own address (`?page=2`) that a crawler can follow. Page 1 is
 * the list's own address, without `?page=1` (the guards redirect that near-miss to it); anything else a
 * visitor can type after `page=` names no page and is answered 404.
 */

/** The query parameter that names a page of a list (in the route table's `query` of each paged page). */
export const PAGE_PARAMETER = 'page';

/** Past this many digits a page number is no page of any list the site can hold (and no cache key worth keeping). */
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * The page a query string asks for: 1 without `page`, n for one `page=n` (1 ≤ n ≤ 999 999, written without
 * leading zeros); null for anything else (`page=0`, `-1`, `01`, `1.5`, `abc`, empty, or `page` twice),
 * which names no page.
 */
export function requestedPage(query: string | URLSearchParams | undefined): number | null {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(query ?? '');
  const values = params.getAll(PAGE_PARAMETER);
  if (values.length === 0) return 1;
  const [value] = values;
  if (values.length > 1 || value === undefined || !PAGE_NUMBER.test(value)) return null;
  return Number(value);
}

/** The address of page `page` of the list at `path`: page 1 is the path itself. */
export function pageHref(path: string, page: number): string {
  return page > 1 ? `${path}?${PAGE_PARAMETER}=${page}` : path;
}

/** One page of a list: its items, where they sit in the whole list, and how many pages there are. */
export type ListPage<T> = {
  page: number;
  pageCount: number;
  items: T[];
  /** 1-based position in the whole list of the page's first item (0 when the list is empty). */
  first: number;
  /** 1-based position of its last item (0 when the list is empty). */
  last: number;
  /** Items in the whole list. */
  total: number;
};

/**
 * Page `page` of `items`, `pageSize` at a time, in the list's own order; null past the last page. An empty
 * list has one (empty) page, so its address still answers with the list's empty state.
 */
export function listPage<T>(items: readonly T[], page: number, pageSize: number): ListPage<T> | null {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  const start = (page - 1) * pageSize;
  const shown = items.slice(start, start + pageSize);
  return {
    page,
    pageCount,
    items: shown,
    first: shown.length ? start + 1 : 0,
    last: start + shown.length,
    total: items.length,
  };
}

const count = new Intl.NumberFormat('en-US');

/** Where a page sits in its list, as a visitor reads it: "51 to 100 of 1,000". */
export function pageRange(shown: Pick<ListPage<unknown>, 'first' | 'last' | 'total'>): string {
  return `${count.format(shown.first)} to ${count.format(shown.last)} of ${count.format(shown.total)}`;
}
