/**
 * One address per page. Near-misses of a page's address are answered with a permanent redirect to it (and
 * never reach the router, which would answer them 404 or, for a trailing slash, 500): a trailing slash, a
 * doubled slash, `/index` and `.html` endings, the wrong letter case of a route name, and percent-encoded
 * letters or digits (`/%61bout`), and `?page=1` on a list in pages (its first page is the list's own address).
 * Slugs and ids keep their case: they are the admin's.
 */
import { PAGE_PARAMETER } from '../list-pages';
import { routeMatcher, SERVER_FILES, SITE_PAGES } from '../site-routes';

/** Every first path segment the site routes, in its canonical case (`subCourse-details`, `calendar`). */
const ROUTE_NAMES = [
  ...SITE_PAGES.map((page) => page.path),
  ...SERVER_FILES.filter((file) => file.caseRedirect).map((file) => file.path),
].flatMap((path) => path.split('/')[1] || []);

const BY_LOWER_CASE = new Map<string, string>(ROUTE_NAMES.map((name) => [name.toLowerCase(), name]));

/** Paths of Waku's own requests and built files: left alone. */
const UNTOUCHED_PREFIXES = ['/RSC/', '/assets/', '/@', '/src/', '/node_modules/', '/__'];

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 normalisation of percent-encodings: unreserved characters are decoded (`%61` → `a`), the hex digits
 * of the others upper-cased (`%c3%a9` → `%C3%A9`, what encodeURIComponent writes in our links).
 */
function normalisePercentEncoding(path: string): string {
  return path.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * The canonical form of `pathname` (as a URL parser gives it: percent-encoded, dot segments resolved), or
 * null when it already is canonical or is not a page address.
 */
export function canonicalPath(pathname: string): string | null {
  if (UNTOUCHED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  let path = normalisePercentEncoding(pathname).replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const segments = path.split('/').slice(1);
  const first = segments[0] ?? '';
  const canonicalFirst = BY_LOWER_CASE.get(first.toLowerCase().replace(/\.html?$/, ''));
  if (canonicalFirst && segments.length === 1) segments[0] = canonicalFirst;
  else if (canonicalFirst && segments.length > 1 && !/\.html?$/i.test(first)) segments[0] = canonicalFirst;
  else if (segments.length === 1 && /^index(?:\.html?)?$/i.test(first)) segments[0] = '';
  path = `/${segments.join('/')}`;
  // never a protocol-relative Location ("//host"): collapsing slashes above already ensures it
  return path === pathname ? null : path;
}

/** A `%` not followed by two hex digits, or bytes that are not UTF-8: no page has such an address. */
export function hasMalformedEncoding(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The routes of lists in pages: those whose query (route table) has a page number. */
const PAGED_ROUTES = SITE_PAGES.filter((page) => (page.query as readonly string[]).includes(PAGE_PARAMETER)).map(
  (page) => routeMatcher(page.path),
);

/**
 * The canonical query string of a page of a list in pages, or null when `search` already is canonical: page 1
 * asked as `?page=1` is the list's own address (record 040), the other parameters kept in their order. A
 * page number that is not one (`page=01`, `page=x`) is left for the page to answer 404.
 */
export function canonicalQuery(pathname: string, search: string): string | null {
  if (!PAGED_ROUTES.some((route) => route.test(pathname))) return null;
  const params = new URLSearchParams(search);
  const pages = params.getAll(PAGE_PARAMETER);
  if (pages.length !== 1 || pages[0] !== '1') return null;
  params.delete(PAGE_PARAMETER);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
