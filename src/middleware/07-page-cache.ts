import type { Context, MiddlewareHandler } from 'hono';
import { keepAlive } from '../lib/http/keep-alive';
import { PageCache, readAll, RSC_DEFAULT_TYPE, type RawAnswer } from '../lib/page-cache/page-cache';
import { pageKey, pageKeyOf, type PageKey } from '../lib/page-cache/page-key';
import { MemoryPageStore, type PageStore } from '../lib/page-cache/page-store';
import { contentFailedIn, markPageRefresh, partialIn, renderContext } from '../lib/page-cache/render-health';
import { recordedStatusIn } from '../lib/response-status';
import { WorkersPageStore } from '../lib/page-cache/workers-page-store';
import { inlineScriptHashes } from '../lib/security/inline-scripts';
import { contentSecurityPolicy, isHttps, isHttpsRequest, mediaOriginsFrom } from '../lib/security/security-headers';
import { RUNTIME, serverConfig } from '../lib/server-config';
import { originRule } from '../lib/site-origin';

type Compress = (
  body: Uint8Array<ArrayBuffer>,
) => Promise<{ br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }>;

/** br at its highest quality and gzip at 9, once per kept page, in zlib's thread pool (Node only). */
async function nodeCompressor(): Promise<Compress> {
  const zlib = await import('node:zlib');
  const { promisify } = await import('node:util');
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  return async (body) => {
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    return { br: new Uint8Array(br), gzip: new Uint8Array(gz) };
  };
}

/**
 * The Node server's direct path (scripts/node-server/): it passes this object in the request's bindings and
 * the cache fills in `answer`, which serves a fresh kept page straight from memory before Hono, Waku and
 * this middleware run (measured: the middleware path alone reaches a fraction of a static server's rate,
 * see docs/decisions). Anything else (stale, missing) returns undefined and goes through the stack.
 */
export type NodePageCacheHost = {
  answer?: (request: {
    method: string;
    url: string;
    header: (name: string) => string | undefined;
  }) => RawAnswer | undefined;
};

function nodeHost(c: Context): NodePageCacheHost | undefined {
  const env = c.env as { pageCacheHost?: NodePageCacheHost } | undefined;
  return env?.pageCacheHost;
}

/**
 * After the settings and the enquiry queue's delivery (05, never a page, never kept) and before the security
 * headers (10) and the HTTP rules (15), so a kept page carries the headers and a refused request is never
 * kept: the page cache, answering GET/HEAD pages and RSC navigation
 * payloads it has kept without calling the rest of the stack, so React never runs for them. A miss renders
 * as before (streamed, with a nonce) while a copy of the render is kept once it has ended; a stale page is
 * answered at once while one background render replaces it. See src/lib/page-cache/page-cache.ts.
 */
export default function pageCache(): MiddlewareHandler {
  let cache: Promise<PageCache | undefined> | undefined;
  let trustedProxies = 0;

  const create = async (): Promise<PageCache | undefined> => {
    const config = serverConfig();
    trustedProxies = config.trustedProxies;
    let store: PageStore;
    if (RUNTIME === 'workers') store = new WorkersPageStore();
    else if (config.pageCacheMaxBytes > 0) store = new MemoryPageStore(config.pageCacheMaxBytes);
    else return undefined;
    const mediaOrigins = mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins);
    return new PageCache({
      store,
      ttlMs: config.admin.cacheTtlMs,
      retryMs: config.admin.retryMs,
      ...(RUNTIME === 'node' ? { compress: await nodeCompressor() } : {}),
      pagePolicy: async (html) => contentSecurityPolicy({ mediaOrigins, scriptHashes: await inlineScriptHashes(html) }),
    });
  };

  /** Reads the render's copy to its end and offers it to the cache. */
  const keep = async (
    pages: PageCache,
    key: PageKey,
    response: { status: number; headers: Headers },
    body: ReadableStream<Uint8Array<ArrayBuffer>>,
    context: Record<string, unknown>,
  ) => {
    const bytes = await readAll(body);
    // A course the admin called unknown only after the page had started streaming (status 200, noindex
    // not-found view): never kept as a 200. The next render has the admin's 404 cached and answers 404.
    if (response.status === 200 && recordedStatusIn(context) === 404) return;
    if (key.kind === 'rsc' && !response.headers.has('content-type')) {
      const headers = new Headers(response.headers);
      headers.set('content-type', RSC_DEFAULT_TYPE);
      response = { status: response.status, headers };
    }
    await pages.admit(key.key, response, bytes, {
      contentFailed: contentFailedIn(context),
      partial: partialIn(context),
      madeUp: key.madeUp,
    });
  };

  return async (c, next) => {
    // the development server renders with Vite's own scripts and no CSP: nothing to keep
    if (!import.meta.env.PROD) return next();
    const rule = originRule();
    const key = pageKey(c.req.raw, rule);
    if (!key) return next();
    cache ??= create();
    const pages = await cache;
    if (!pages) return next();

    const host = nodeHost(c);
    if (host && !host.answer) {
      host.answer = (request) => {
        const found = pageKeyOf({ method: request.method, url: request.url, header: request.header }, rule);
        const kept = found && pages.lookupNow(found.key);
        if (!kept?.fresh) return undefined;
        return pages.answer(kept, {
          method: request.method,
          acceptEncoding: request.header('accept-encoding'),
          ifNoneMatch: request.header('if-none-match'),
          https: isHttps(request.url, request.header('x-forwarded-proto'), trustedProxies),
        });
      };
    }

    const https = isHttpsRequest(c.req.raw, trustedProxies);
    const found = await pages.lookup(key.key);
    if (found) {
      c.res = pages.respond(found, c.req.raw, https);
      if (found.fresh || c.req.method !== 'GET' || !pages.claimRefresh(key.key)) return;
      // The visitor has the stale page; the rest of the stack renders a replacement in the background
      // (Waku runs the middleware after this one when next() is called, also after this one returned).
      const context = renderContext();
      markPageRefresh(context);
      const refresh = (async () => {
        await next();
        const response = pages.withoutOwnHeaders(c.res);
        if (!pages.mayKeep(response, key.kind) || !response.body) {
          await response.body?.cancel();
          return;
        }
        await keep(pages, key, response, response.body, context);
      })()
        .catch((error: unknown) =>
          console.warn(`[page-cache] refreshing ${key.key} failed: ${error instanceof Error ? error.message : error}`),
        )
        .finally(() => pages.release(key.key));
      keepAlive(c, refresh);
      return;
    }

    await next();
    const response = c.res;
    response.headers.set('x-page-cache', 'miss');
    if (c.req.method !== 'GET' || !pages.mayKeep(response, key.kind) || !response.body) return;
    // one copy per page is kept at a time: fifty visitors arriving together cost one compression, not fifty
    if (!pages.claimRefresh(key.key)) return;
    const context = renderContext();
    const [visitor, copy] = response.body.tee();
    c.res = new Response(visitor, response);
    keepAlive(
      c,
      keep(pages, key, response, copy, context)
        .catch((error: unknown) =>
          console.warn(`[page-cache] keeping ${key.key} failed: ${error instanceof Error ? error.message : error}`),
        )
        .finally(() => pages.release(key.key)),
    );
  };
}
