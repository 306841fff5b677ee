import type { Context, MiddlewareHandler } from 'hono';
import { match, SERVER_FILES, type ServerFilePath } from '../lib/site-routes';
import { brochureFile, calendarFile } from './course-files';
import { healthFile } from './health-check';
import { quotationFile } from './quotations';
import { robotsFile, sitemapFile } from './robots-and-sitemap';
import { suggestionsFile } from './search-suggestions';

type Params<Route extends ServerFilePath> = NonNullable<ReturnType<typeof match<Route>>>;

/**
 * What each of the server's own files answers, by its route in the table (src/lib/site-routes.ts). The type
 * asks for an answer for every file the table lists: a file added there without one here does not compile.
 * The picture route is answered before the page cache (image-endpoint.ts), so it has none here.
 */
const ANSWERS: {
  readonly [Route in Exclude<ServerFilePath, PictureRoute>]: (
    c: Context,
    params: Params<Route>,
  ) => Promise<Response> | Response;
} = {
  '/robots.txt': (c) => robotsFile(c),
  '/sitemap.xml': (c) => sitemapFile(c),
  '/sitemap-[n].xml': (c, { n }) => sitemapFile(c, n),
  '/calendar/[slug]/[n].ics': (c, { slug, n }) => calendarFile(c.req.raw, slug, n),
  '/brochure/[slug].pdf': (c, { slug }) => brochureFile(c.req.raw, { course: slug }),
  '/brochure/upcoming/[id].pdf': (c, { id }) => brochureFile(c.req.raw, { kind: 'upcoming', id }),
  '/brochure/solution/[id].pdf': (c, { id }) => brochureFile(c.req.raw, { kind: 'solution', id }),
  '/quotation/[sealed].pdf': (_, { sealed }) => quotationFile(sealed),
  '/search-suggestions': (c) => suggestionsFile(c.req.raw),
  '/healthz': (c) => healthFile(c),
};

type PictureRoute = '/_img/[width]/[signature]/[address]';

const ROUTES = SERVER_FILES.map((file) => file.path as ServerFilePath).filter(
  (path): path is Exclude<ServerFilePath, PictureRoute> => path in ANSWERS,
);

/**
 * The server's own files (robots, sitemaps, calendars, brochures, quotations, suggestions, health), one
 * dispatcher for all: the route table says which addresses they are and which methods they take (a wrong
 * method is a 405 already, from the guards); a HEAD request gets the GET answer's status and headers
 * without its body. A path of no file goes on to the pages.
 */
export function serverFiles(): MiddlewareHandler {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    for (const route of ROUTES) {
      const params = match(route, path);
      if (!params) continue;
      const answer = ANSWERS[route] as (c: Context, params: Record<string, string>) => Promise<Response> | Response;
      const response = await answer(c, params);
      c.res = c.req.method === 'HEAD' ? await withoutBody(response) : response;
      return;
    }
    return next();
  };
}

/** The GET answer's status and headers for a HEAD request, with the length its body would have had. */
async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (!headers.has('content-length') && response.body)
    headers.set('content-length', String((await response.arrayBuffer()).byteLength));
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}
