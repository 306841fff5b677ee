/**
 * The page store on Cloudflare Workers: the Workers Cache API (`caches.default`) of the data centre. A kept
 * page is stored with its bookkeeping in headers and a long lifetime (the cache itself decides staleness
 * from `storedAt`, so a stale page stays available for stale-if-error); Cloudflare compresses at the edge,
 * so only the uncompressed body is kept. The Cache API may drop entries at any time: a miss just renders.
 */
import 'server-only';
import type { PageStore, StoredPage } from './page-store';

const STORED_AT = 'x-page-stored-at';
const ETAG = 'x-page-etag';
const MADE_UP = 'x-page-made-up';
const STATUS = 'x-page-status';
/** How long the data centre may keep a page (it is refreshed long before, unless the admin is down). */
const KEEP_S = 7 * 24 * 3600;

type WorkersCacheStorage = CacheStorage & { default: Cache };

function cacheUrl(key: string): string {
  return `https://page-cache.invalid/${encodeURIComponent(key)}`;
}

export class WorkersPageStore implements PageStore {
  private cache(): Cache | undefined {
    return typeof caches === 'undefined' ? undefined : (caches as WorkersCacheStorage).default;
  }

  async get(key: string): Promise<StoredPage | undefined> {
    const cached = await this.cache()?.match(cacheUrl(key));
    if (!cached) return undefined;
    const storedAt = Number(cached.headers.get(STORED_AT));
    const etag = cached.headers.get(ETAG);
    if (!Number.isFinite(storedAt) || !etag) return undefined;
    const headers: [string, string][] = [];
    for (const [name, value] of cached.headers) {
      if ([STORED_AT, ETAG, MADE_UP, STATUS, 'cache-control', 'content-length', 'date', 'age'].includes(name)) continue;
      headers.push([name, value]);
    }
    return {
      status: Number(cached.headers.get(STATUS) ?? cached.status),
      headers,
      body: new Uint8Array(await cached.arrayBuffer()),
      encoding: 'identity', // the edge compresses
      effort: 'best',
      views: 0,
      etag,
      storedAt,
      madeUp: cached.headers.get(MADE_UP) === '1',
    };
  }

  async put(key: string, page: StoredPage): Promise<void> {
    const cache = this.cache();
    if (!cache) return;
    const headers = new Headers(page.headers);
    headers.set('cache-control', `public, max-age=${KEEP_S}`);
    headers.set(STORED_AT, String(page.storedAt));
    headers.set(ETAG, page.etag);
    headers.set(MADE_UP, page.madeUp ? '1' : '0');
    headers.set(STATUS, String(page.status));
    // kept as 200: the Cache API keeps a 404 for a short time only, whatever its headers say
    await cache.put(cacheUrl(key), new Response(page.body, { status: 200, headers }));
  }
}
