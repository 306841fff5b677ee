import type { MiddlewareHandler } from 'hono';
import { canonicalPath, hasMalformedEncoding } from '../lib/seo/clean-path';

/**
 * One address per page: a near-miss (`/about/`, `//about`, `/About`, `/index`, `/%61bout`) is answered with a
 * permanent redirect to the canonical path, query string kept, before the router sees it (see clean-path.ts).
 * 308 keeps the method, so a form posted to a near-miss is not turned into a GET. An address whose
 * percent-encoding cannot be decoded names no page: 400, where the router would throw (500).
 */
export default function cleanUrls(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (hasMalformedEncoding(url.pathname)) {
      c.res = new Response('This address is not valid: it contains a malformed %-encoded character.', {
        status: 400,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
      return;
    }
    const target = canonicalPath(url.pathname);
    if (target === null) return next();
    c.res = new Response(null, {
      status: 308,
      headers: { location: `${target}${url.search}`, 'cache-control': 'public, max-age=3600' },
    });
  };
}
