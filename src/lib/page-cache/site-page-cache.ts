/**
 * The site's one page cache (src/site.ts), made with the site: at start-up on Node, on the first request on
 * Workers (whose settings exist only inside a request). The chain's `pageCache` step and the Node server's
 * direct path (`answerKeptPageNow`) share it.
 */
import 'server-only';
import { inlineScriptHashes } from '../security/inline-scripts';
import { contentSecurityPolicy, isHttps, mediaOriginsFrom } from '../security/security-headers';
import type { ServerConfig } from '../server-config';
import { originRuleOf } from '../request-origin';
import { nodePageCodec } from './node-page-codec';
import { isSpeculative, PageCache, type RawAnswer } from './page-cache';
import { pageKeyOf } from './page-key';
import { MemoryPageStore, type PageStore } from './page-store';
import { WorkersPageStore } from './workers-page-store';

async function create(config: ServerConfig): Promise<PageCache | undefined> {
  let store: PageStore;
  if (config.runtime === 'workers') store = new WorkersPageStore();
  else if (config.pageCacheMaxBytes > 0) store = new MemoryPageStore(config.pageCacheMaxBytes);
  else return undefined;
  const mediaOrigins = mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins);
  return new PageCache({
    store,
    ttlMs: config.admin.cacheTtlMs,
    retryMs: config.admin.retryMs,
    ...(config.runtime === 'node' ? { codec: await nodePageCodec() } : {}),
    pagePolicy: async (html) => contentSecurityPolicy({ mediaOrigins, scriptHashes: await inlineScriptHashes(html) }),
  });
}

export function createSitePageCache(config: ServerConfig) {
  let ready: PageCache | undefined;
  /** The cache, or undefined when PAGE_CACHE_MAX_BYTES turns it off. */
  const made = create(config).then((cache) => (ready = cache));
  return {
    made,
    answerKeptPageNow: (request: Parameters<typeof answerKeptPageNow>[1]) => answerKeptPageNow(ready, request, config),
  };
}

/**
 * The Node server's direct path: a fresh kept page as a plain answer, straight from memory, before Hono
 * and Waku run (measured: the chain's path alone reaches a fraction of a static server's rate, see
 * record 020). `kept` without an answer: the page is kept but the chain answers it (stale: the chain starts
 * its refresh; or a copy in another encoding not made yet), so the Node server does not make it wait for a
 * render slot. Neither: not a page, not kept, or the cache not made yet.
 */
function answerKeptPageNow(
  ready: PageCache | undefined,
  request: { method: string; url: string; header: (name: string) => string | undefined },
  config: ServerConfig,
): { answer?: RawAnswer; kept: boolean } {
  if (!ready) return { kept: false };
  const found = pageKeyOf({ method: request.method, url: request.url, header: request.header }, originRuleOf(config));
  const kept = found && ready.lookupNow(found.key);
  if (!kept) return { kept: false };
  if (!kept.fresh) return { kept: true };
  const answer = ready.answerNow(kept, {
    method: request.method,
    acceptEncoding: request.header('accept-encoding'),
    ifNoneMatch: request.header('if-none-match'),
    https: isHttps(request.url, request.header('x-forwarded-proto'), config.trustedProxies),
    speculative: isSpeculative(request.header('sec-purpose')),
  });
  return answer ? { answer, kept: true } : { kept: true };
}
