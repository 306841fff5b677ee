/**
 * Which requests the page cache may answer, and under which key. A page's key is the origin the page names
 * (the one rule of src/lib/request-origin.ts, so whatever decides the canonical link is in the key), its
 * path, and only the query parameters the page actually reads (the route table, src/lib/site-routes.ts, says
 * which), in a fixed order: `/about?utm_source=x` is `/about`, `/search?page=2&q=x` is `/search?q=x&page=2`.
 * A path the table does not know keeps every parameter (never a wrong page, at worst a copy per URL). RSC
 * navigation payloads (`GET /RSC/R/<page>.txt?query=…`) are keyed the same way from the page path and query
 * they carry, plus the router's skip list (the response leaves those elements out).
 */
import 'server-only';
import { PAGE_PARAMETER } from '../list-pages';
import { pageOrigin, type OriginRule, type RequestParts } from '../request-origin';
import { routeMatcher, SERVER_FILES, SITE_PAGES } from '../site-routes';

/** The query parameters each page reads; a page that reads none ignores its query string. */
const PAGE_PARAMETERS = SITE_PAGES.map((page) => ({ matches: routeMatcher(page.path), query: page.query }));

/** Never pages: the files the server answers itself (/healthz, /robots.txt, …), API routes, build assets, actions. */
const NOT_PAGES = [...SERVER_FILES.map((file) => routeMatcher(file.path)), /^\/(api|assets|RSC\/F)\//];

const RSC_ROUTE = /^\/RSC\/R\/(.+)\.txt$/;
const SKIP_HEADER = 'x-waku-router-skip';

export type PageKey = {
  key: string;
  /** An HTML page, or an RSC navigation payload (which Waku 0.27 sends as text/plain). */
  kind: 'html' | 'rsc';
  /**
   * Made up by visitors, dropped from memory first: the key carries query parameters (a search, a prefill),
   * or its host is not one the site knows it serves. A list's page number alone (`?page=2` of a category or
   * of /sitemap) names a real page: a number past the list answers 404, which the cache counts as made up.
   */
  madeUp: boolean;
};

function keptParameters(pathname: string, query: URLSearchParams): [string, string][] {
  const read = PAGE_PARAMETERS.find((page) => page.matches.test(pathname))?.query;
  if (read) return read.flatMap((name) => query.getAll(name).map((value): [string, string] => [name, value]));
  return [...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function encode(parameters: [string, string][]): string {
  return parameters.length ? `?${new URLSearchParams(parameters).toString()}` : '';
}

/** The page path an RSC route payload is for (`R/_root` is `/`, `R/__x` is `/_x`). */
function rscPagePath(encoded: string): string | undefined {
  let path: string;
  try {
    path = decodeURI(encoded);
  } catch {
    return undefined;
  }
  if (path === '_root') return '/';
  if (path.startsWith('__')) return `/_${path.slice(2)}`;
  return `/${path}`;
}

/** The key of a GET/HEAD request the cache may answer, or undefined when it never may. */
export function pageKey(request: Request, rule: OriginRule): PageKey | undefined {
  return pageKeyOf({ method: request.method, url: request.url, header: (name) => request.headers.get(name) }, rule);
}

/**
 * Pages whose only parameter is a list's page number (a category, /sitemap): a number there names a real page,
 * and one past the list answers 404 (kept as made up). A search's page number is made up like its words.
 */
const LISTS_IN_PAGES = SITE_PAGES.filter((page) => page.query.length === 1 && page.query[0] === PAGE_PARAMETER).map(
  (page) => routeMatcher(page.path),
);

const madeUp = (pathname: string, parameters: readonly [string, string][], served: boolean) =>
  !served ||
  (parameters.length > 0 && !(parameters.length === 1 && LISTS_IN_PAGES.some((list) => list.test(pathname))));

/** The same from the request's parts (the Node server's direct path has no Request). */
export function pageKeyOf(request: RequestParts & { method: string }, rule: OriginRule): PageKey | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  if (NOT_PAGES.some((pattern) => pattern.test(url.pathname))) return undefined;
  const { origin, served } = pageOrigin(request, rule);

  const rsc = RSC_ROUTE.exec(url.pathname);
  if (rsc) {
    const page = rscPagePath(rsc[1] ?? '');
    if (!page) return undefined;
    const parameters = keptParameters(page, new URLSearchParams(url.searchParams.get('query') ?? ''));
    const skip = request.header(SKIP_HEADER) ?? '';
    return {
      key: `rsc ${origin}${page}${encode(parameters)} skip=${skip}`,
      kind: 'rsc',
      madeUp: madeUp(page, parameters, served),
    };
  }
  if (url.pathname.startsWith('/RSC/')) return undefined;
  const parameters = keptParameters(url.pathname, url.searchParams);
  return {
    key: `html ${origin}${url.pathname}${encode(parameters)}`,
    kind: 'html',
    madeUp: madeUp(url.pathname, parameters, served),
  };
}
