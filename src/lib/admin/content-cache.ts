/**
 * Per-call, per-argument cache in front of the admin API.
 *
 * - A good answer is reused for `ttlMs` (60 s: the spec's "kept 60 seconds").
 * - Identical calls while one is in flight share that one request.
 * - After `ttlMs` the cached value is still served at once while one background request refreshes it
 *   (stale-while-revalidate), so a warm page never waits on the admin.
 * - When a refresh fails, the last good value keeps being served (stale-if-error), the failure is logged,
 *   and the next retry waits `retryMs` so a down admin is not hammered.
 * - A failure with nothing cached is remembered for `retryMs` too (a 404 for the full `ttlMs`: it is an answer).
 * - At most `maxEntries` keys are kept: slugs in URLs are visitor input, so entries with no good copy (404s,
 *   failures) are dropped before content, least recently used first.
 */
import 'server-only';
import { isNotFound, type ContentError, type ContentResult } from './content-error';

export type ContentCacheOptions = {
  ttlMs: number;
  retryMs: number;
  maxEntries: number;
  now?: () => number;
  log?: (message: string) => void;
  /**
   * When true for the current call, a value past its TTL is refreshed before it is returned (still falling
   * back to it if the refresh fails): the page cache's background renders ask for this, so the page they
   * keep for a TTL is not built from content already a TTL old.
   */
  awaitRefresh?: () => boolean;
  /**
   * Called with each admin load the cache starts. On Workers it hands the load to the current request's
   * `waitUntil`: workerd cancels what a request started once its answer has ended, and a load left so never
   * settles, so every later request for that value would wait on it (a page's background re-render hung).
   */
  keepAlive?: (load: Promise<unknown>) => void;
};

type Entry = {
  good?: { value: unknown; at: number };
  failure?: { error: ContentError; at: number };
  inFlight?: Promise<ContentResult<unknown>>;
};

export type CacheStats = { entries: number; oldestGoodAgeMs: number | null; newestGoodAgeMs: number | null };

export class ContentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly options: ContentCacheOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(message));
  }

  /** `awaitRefresh` (else the option) makes a value past its TTL wait for its refresh. */
  async get<T>(
    key: string,
    load: () => Promise<ContentResult<T>>,
    { awaitRefresh }: { awaitRefresh?: boolean } = {},
  ): Promise<ContentResult<T>> {
    const entry = this.touch(key);
    const now = this.now();
    const { good, failure } = entry;

    if (good) {
      const fresh = now - good.at < this.options.ttlMs;
      const backingOff = failure !== undefined && failure.at > good.at && now - failure.at < this.options.retryMs;
      if (!fresh && !backingOff && (awaitRefresh ?? this.options.awaitRefresh?.())) {
        return (entry.inFlight as Promise<ContentResult<T>> | undefined) ?? this.refresh(key, entry, load);
      }
      if (!fresh && !backingOff && !entry.inFlight) void this.refresh(key, entry, load);
      return { ok: true, data: good.value as T, stale: failure !== undefined && failure.at > good.at };
    }

    if (entry.inFlight) return entry.inFlight as Promise<ContentResult<T>>;
    if (failure && now - failure.at < this.failureTtl(failure.error)) return { ok: false, error: failure.error };
    return this.refresh(key, entry, load);
  }

  /** Drop everything (tests, and an admin-triggered purge later). */
  clear(): void {
    this.entries.clear();
  }

  stats(): CacheStats {
    const now = this.now();
    const ages = [...this.entries.values()].flatMap((entry) => (entry.good ? [now - entry.good.at] : []));
    return {
      entries: this.entries.size,
      oldestGoodAgeMs: ages.length ? Math.max(...ages) : null,
      newestGoodAgeMs: ages.length ? Math.min(...ages) : null,
    };
  }

  private failureTtl(error: ContentError): number {
    return isNotFound(error) ? this.options.ttlMs : this.options.retryMs;
  }

  private refresh<T>(key: string, entry: Entry, load: () => Promise<ContentResult<T>>): Promise<ContentResult<T>> {
    const request = load()
      .catch((error: unknown): ContentResult<T> => ({
        ok: false,
        error: { kind: 'FETCH_ERROR', message: `${key}: ${error instanceof Error ? error.message : String(error)}` },
      }))
      .then((result): ContentResult<T> => {
        const at = this.now();
        if (result.ok) {
          entry.good = { value: result.data, at };
          entry.failure = undefined;
          return result;
        }
        entry.failure = { error: result.error, at };
        if (entry.good && !isNotFound(result.error)) {
          this.log(
            `[admin] ${result.error.kind} refreshing ${key}; serving the copy from ${Math.round((at - entry.good.at) / 1000)} s ago: ${result.error.message}`,
          );
          return { ok: true, data: entry.good.value as T, stale: true };
        }
        if (entry.good) entry.good = undefined; // the admin says it is gone: stop serving it
        if (!isNotFound(result.error)) this.log(`[admin] ${result.error.kind} loading ${key}: ${result.error.message}`);
        return result;
      })
      .finally(() => {
        entry.inFlight = undefined;
      });
    entry.inFlight = request as Promise<ContentResult<unknown>>;
    this.options.keepAlive?.(request);
    return request;
  }

  /**
   * Makes room: the least recently used entry without a good copy goes first (404s and failures for
   * made-up slugs), so visitor-chosen URLs cannot push out the content stale-if-error relies on.
   */
  private evictOne(): void {
    let victim: string | undefined;
    for (const [key, entry] of this.entries) {
      if (!entry.good && !entry.inFlight) {
        victim = key;
        break;
      }
    }
    victim ??= this.entries.keys().next().value;
    if (victim !== undefined) this.entries.delete(victim);
  }

  private touch(key: string): Entry {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
    } else {
      entry = {};
      while (this.entries.size >= this.options.maxEntries) this.evictOne();
    }
    this.entries.set(key, entry);
    return entry;
  }
}
