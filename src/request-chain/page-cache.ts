import type { MiddlewareHandler } from 'hono';
import { waitUntil } from '../lib/http/wait-until';
import { isSpeculative, readAll, RSC_DEFAULT_TYPE, type PageCache } from '../lib/page-cache/page-cache';
import { pageKey, type PageKey } from '../lib/page-cache/page-key';
import { requestRecord, type RequestRecord } from '../lib/request-record';
import { isHttpsRequest } from '../lib/security/security-headers';
import { originRule } from '../lib/site-origin';
import { site } from '../site';

/**
 * After the guards (a refused request never gets here, so it is never kept), before the security headers (a
 * kept page carries its own, stored with it): the page cache, answering GET/HEAD pages and RSC navigation payloads it has kept without
 * calling the rest of the chain, so React never runs for them. A miss renders as before (streamed, with a
 * nonce) while a copy of the render is kept once it has ended; a stale page is answered at once while one
 * background render replaces it. What the render learned (a content failure, a partial answer, a 404
 * recorded late) comes from the request's record. See src/lib/page-cache/page-cache.ts.
 */
export function pageCache(): MiddlewareHandler {
  /** Reads the render's copy to its end and offers it to the cache. */
  const keep = async (
    pages: PageCache,
    key: PageKey,
    response: { status: number; headers: Headers },
    body: ReadableStream<Uint8Array<ArrayBuffer>>,
    record: RequestRecord,
  ) => {
    const bytes = await readAll(body);
    // A course the admin called unknown only after the page had started streaming (status 200, noindex
    // not-found view): never kept as a 200. The next render has the admin's 404 cached and answers 404.
    if (response.status === 200 && record.status?.code === 404) return;
    if (key.kind === 'rsc' && !response.headers.has('content-type')) {
      const headers = new Headers(response.headers);
      headers.set('content-type', RSC_DEFAULT_TYPE);
      response = { status: response.status, headers };
    }
    await pages.admit(key.key, response, bytes, {
      contentFailed: record.render.contentFailed,
      partial: record.render.partial,
      madeUp: key.madeUp,
    });
  };

  return async (c, next) => {
    // the development server renders with Vite's own scripts and no CSP: nothing to keep
    if (!import.meta.env.PROD) return next();
    const rule = originRule();
    const key = pageKey(c.req.raw, rule);
    if (!key) return next();
    const pages = await site().pageCache.made;
    if (!pages) return next();

    const https = isHttpsRequest(c.req.raw, site().settings.trustedProxies);
    const found = await pages.lookup(key.key);
    if (found) {
      c.res = await pages.respond(found, c.req.raw, https);
      if (found.fresh || c.req.method !== 'GET' || !pages.claimRefresh(key.key)) return;
      // The visitor has the stale page; the rest of the stack renders a replacement in the background
      // (the chain runs the steps after this one when next() is called, also after this one returned).
      const record = requestRecord();
      record.render.refresh = true;
      const refresh = (async () => {
        await next();
        const response = pages.withoutOwnHeaders(c.res);
        if (!pages.mayKeep(response, key.kind) || !response.body) {
          await response.body?.cancel();
          return;
        }
        await keep(pages, key, response, response.body, record);
      })()
        .catch((error: unknown) =>
          console.warn(`[page-cache] refreshing ${key.key} failed: ${error instanceof Error ? error.message : error}`),
        )
        .finally(() => pages.release(key.key));
      waitUntil(c, refresh);
      return;
    }

    await next();
    const response = c.res;
    response.headers.set('x-page-cache', 'miss');
    // a speculative fetch (record 041) is no visit: no miss counted, and a made-up URL it asked for is not
    // a first sight of it (kept from its second render on)
    const speculative = isSpeculative(c.req.header('sec-purpose'));
    if (!speculative) pages.missed();
    if (c.req.method !== 'GET' || !pages.mayKeep(response, key.kind) || !response.body) return;
    // a made-up URL (a search, a 404) is kept from its second render on: most are asked for once
    const madeUp = key.madeUp || response.status === 404;
    if (madeUp && (speculative || !pages.worthKeeping(key.key, madeUp))) return;
    // one copy per page is kept at a time: fifty visitors arriving together cost one compression, not fifty
    if (!pages.claimRefresh(key.key)) return;
    const record = requestRecord();
    const [visitor, copy] = response.body.tee();
    c.res = new Response(visitor, response);
    waitUntil(
      c,
      keep(pages, key, response, copy, record)
        .catch((error: unknown) =>
          console.warn(`[page-cache] keeping ${key.key} failed: ${error instanceof Error ? error.message : error}`),
        )
        .finally(() => pages.release(key.key)),
    );
  };
}
