import type { MiddlewareHandler } from 'hono';
import { canonicalPath, canonicalQuery, hasMalformedEncoding } from '../lib/seo/clean-path';

/**
 * One address per page: a near-miss (`/about/`, `//about`, `/About`, `/index`, `/%61bout`, a list's
 * `?page=1`) is answered with a permanent redirect to the canonical address, the rest of the query string
 * kept, before the router sees it (see clean-path.ts).
 * 308 keeps the method, so a form posted to a near-miss is not turned into a GET. It runs before the method
 * rules (method-and-error-rules.ts), so a near-miss is redirected before its method is judged at the true address.
 * An address whose percent-encoding cannot be decoded names no page: it is answered 400 here, the first
 * place that reads the path (and the only one: the router would throw, a 500), never redirected first.
 */
export function cleanUrls(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (hasMalformedEncoding(url.pathname)) {
      c.res = new Response('This address is not valid: it contains a malformed %-encoded character.', {
        status: 400,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
      return;
    }
    const path = canonicalPath(url.pathname);
    const query = canonicalQuery(path ?? url.pathname, url.search);
    if (path === null && query === null) return next();
    c.res = new Response(null, {
      status: 308,
      headers: { location: `${path ?? url.pathname}${query ?? url.search}`, 'cache-control': 'public, max-age=3600' },
    });
  };
}
