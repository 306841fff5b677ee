/**
 * The site's search index (one per site object, src/site.ts). On Node it is crawled here, through the same
 * content layer (and cache) as the pages, and kept in SEARCH_INDEX_FILE across restarts. On Workers requests
 * never crawl: they read what the Cron Trigger's crawl (scheduled-crawl.ts) wrote to the SEARCH_INDEX KV
 * namespace, kept in isolate memory for the content TTL.
 */
import 'server-only';
import type { ContentSource } from '../admin/content-source';
import type { ServerConfig } from '../server-config';
import type { CrawlStorage } from './crawl-record';
import { kvCrawlStorage, kvKeepHealth, type CrawlKv } from './crawl-kv';
import type { KeepHealth } from './keep-health';
import type { SlugGate } from './known-slugs';
import type { SearchIndex } from './search-index';
import { createSearchIndexStore, type SearchIndexResult } from './search-index-store';

/** How long /search waits for the very first index before answering that search is warming up. */
const FIRST_BUILD_WAIT_MS = 8000;
/** A Worker reads the kept index's health from KV at most this often (/healthz is public). */
const HEALTH_REUSE_MS = 5000;

/** Node: the file, its code loaded only here so a Worker never evaluates node:fs. */
function nodeFile(file: string): CrawlStorage {
  const storage = import('./crawl-file').then(({ crawlFile }) => crawlFile(file));
  return {
    where: file,
    read: async () => (await storage).read(),
    write: async (text) => (await storage).write(text),
    lease: {
      take: async () => (await storage).lease?.take() ?? true,
      release: async () => (await storage).lease?.release?.(),
    },
    stamp: async () => (await storage).stamp?.(),
  };
}

export function createLiveSearchIndex({
  settings,
  source,
  reports,
  slugs,
  kv,
}: {
  settings: ServerConfig;
  /** The pages' content source (its cache too); a function: a site without ADMIN_API_URL has none to give. */
  source: () => ContentSource;
  /** A page rendered from no index or a partial one says so, as for content (src/site.ts). */
  reports: { onFailure(): void; onPartial(): void };
  /** Told the catalogue's slugs after each crawl. */
  slugs: SlugGate;
  /** Workers: the KV namespace the scheduled crawl writes. */
  kv: CrawlKv | undefined;
}) {
  const onWorkers = settings.runtime === 'workers';
  if (onWorkers && !kv)
    console.error('[search] the SEARCH_INDEX KV binding is missing (scripts/cloudflare/wrangler.jsonc)');
  const fresh = { awaitRefresh: true };
  const store = createSearchIndexStore({
    source: {
      getOpenCourses: () => source().getOpenCourses(fresh),
      getLearningSolutions: () => source().getLearningSolutions(fresh),
      getOpenCourseCategory: (id) => source().getOpenCourseCategory(id, fresh),
      getLearningSolutionCategory: (id) => source().getLearningSolutionCategory(id, fresh),
      getSubCourse: (slug) => source().getSubCourse(slug, fresh),
    },
    ttlMs: settings.admin.cacheTtlMs,
    retryMs: settings.admin.retryMs,
    concurrency: settings.search.concurrency,
    intervalMs: settings.search.callsPerMinute > 0 ? Math.ceil(60_000 / settings.search.callsPerMinute) : 0,
    onSlugs: (known) => slugs.setKnown(known),
    crawls: !onWorkers,
    ...(onWorkers ? (kv ? { storage: kvCrawlStorage(kv) } : {}) : { storage: nodeFile(settings.search.file) }),
  });

  /**
   * A page rendered without an index ("warming up", a panel without options) is not kept by the page cache,
   * as for a content failure; one rendered from the very first crawl's partial index (no sessions yet) is
   * kept only briefly. An index that was once read whole counts as complete however old it is.
   */
  const reportIfIncomplete = (index: SearchIndex | undefined) => {
    if (!index) reports.onFailure();
    else if (!store.complete()) reports.onPartial();
  };

  /** Starts the first build or a due rebuild in the background (Node's schedule, and every page that reads the index). */
  const warm = (): SearchIndex | undefined => {
    try {
      return store.peek();
    } catch (error) {
      console.warn(`[search] index unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  let workerHealth: { at: number; value: KeepHealth | undefined } | undefined;

  return {
    async get(waitMs: number = FIRST_BUILD_WAIT_MS): Promise<SearchIndexResult> {
      const result = await store.get(waitMs);
      reportIfIncomplete(result.ok ? result.index : undefined);
      return result;
    },
    /**
     * The index if there is one now, else undefined, never waiting (the first build or a due rebuild starts in
     * the background). Never throws: a panel without options is better than a broken course page.
     */
    peek(): SearchIndex | undefined {
      const index = warm();
      reportIfIncomplete(index);
      return index;
    },
    warm,
    /** The index build in progress, if any: on Workers the request that started it hands it to `waitUntil`. */
    pending: (): Promise<unknown> | undefined => store.pending(),
    /** Node, a server stopping: the crawl goes no further, its last save is written and its lease handed over. */
    stop: (): Promise<void> => store.stop(),
    /** Whether the index holds the whole catalogue (false only while a deployment's very first crawl runs). */
    complete: (): boolean => store.complete(),
    /**
     * For /healthz: whether it holds the whole catalogue, when it was built, and whether the crawl is being kept
     * (keep-health.ts). Node: the crawling store's own account. Workers: what the last scheduled run wrote
     * beside the record in KV (the crawl runs there, not in this isolate).
     */
    async health(): Promise<{ complete: boolean; builtAt?: number; kept?: KeepHealth }> {
      const index = store.current();
      const own = { complete: store.complete(), ...(index ? { builtAt: index.builtAt } : {}) };
      if (!onWorkers) {
        const kept = store.keepHealth();
        return { ...own, ...(kept ? { kept } : {}) };
      }
      if (!kv) return own;
      if (!workerHealth || Date.now() - workerHealth.at >= HEALTH_REUSE_MS) {
        // read by this request, and only its answer kept: in workerd a promise another request started
        // resumes in that request's context, and hangs this one if that request has ended
        const value = await kvKeepHealth(kv)
          .read()
          .catch(() => undefined);
        workerHealth = { at: Date.now(), value };
      }
      const kept = workerHealth.value;
      return { ...own, ...(kept ? { kept } : {}) };
    },
  };
}
