/**
 * The process-wide search index. On Node it is crawled here, through the same content layer (and cache) as
 * the pages, and kept in SEARCH_INDEX_FILE across restarts. On Workers requests never crawl: they read what
 * the Cron Trigger's crawl (scheduled-crawl.ts) wrote to the SEARCH_INDEX KV namespace, kept in isolate
 * memory for the content TTL.
 */
import 'server-only';
import { contentConnections, contentSource } from '../admin/content';
import { serverConfig } from '../server-config';
import type { CrawlStorage } from './crawl-record';
import { kvCrawlStorage, kvKeepHealth, type CrawlKv } from './crawl-kv';
import type { KeepHealth } from './keep-health';
import { slugGate } from './known-slugs';
import type { SearchIndex } from './search-index';
import { createSearchIndexStore, type SearchIndexResult, type SearchIndexStore } from './search-index-store';

/** How long /search waits for the very first index before answering that search is warming up. */
const FIRST_BUILD_WAIT_MS = 8000;
let store: SearchIndexStore | undefined;
let kv: CrawlKv | undefined;

/** Workers: the KV namespace the scheduled crawl writes (the chain's requestPlatform step hands over the binding). */
export function useSearchIndexKv(binding: CrawlKv | undefined): void {
  kv ??= binding;
}

/** Node: the file, its code loaded only here so a Worker never evaluates node:fs. */
function nodeFile(file: string): CrawlStorage {
  const storage = import('./crawl-file').then(({ crawlFile }) => crawlFile(file));
  return {
    where: file,
    read: async () => (await storage).read(),
    write: async (text) => (await storage).write(text),
    lease: { take: async () => (await storage).lease?.take() ?? true },
    stamp: async () => (await storage).stamp?.(),
  };
}

function searchIndexStore(): SearchIndexStore {
  if (!store) {
    const config = serverConfig();
    const onWorkers = config.runtime === 'workers';
    if (onWorkers && !kv)
      console.error('[search] the SEARCH_INDEX KV binding is missing (scripts/cloudflare/wrangler.jsonc)');
    const fresh = { awaitRefresh: true };
    const source = () => contentSource();
    store = createSearchIndexStore({
      source: {
        getOpenCourses: () => source().getOpenCourses(fresh),
        getLearningSolutions: () => source().getLearningSolutions(fresh),
        getOpenCourseCategory: (id) => source().getOpenCourseCategory(id, fresh),
        getLearningSolutionCategory: (id) => source().getLearningSolutionCategory(id, fresh),
        getSubCourse: (slug) => source().getSubCourse(slug, fresh),
      },
      ttlMs: config.admin.cacheTtlMs,
      retryMs: config.admin.retryMs,
      concurrency: config.search.concurrency,
      intervalMs: config.search.callsPerMinute > 0 ? Math.ceil(60_000 / config.search.callsPerMinute) : 0,
      onSlugs: (slugs) => slugGate().setKnown(slugs),
      crawls: !onWorkers,
      ...(onWorkers ? (kv ? { storage: kvCrawlStorage(kv) } : {}) : { storage: nodeFile(config.search.file) }),
    });
  }
  return store;
}

/**
 * A page rendered without an index ("warming up", a panel without options) is not kept by the page cache,
 * as for a content failure; one rendered from the very first crawl's partial index (no sessions yet) is
 * kept only briefly. An index that was once read whole counts as complete however old it is.
 */
function reportIfIncomplete(index: SearchIndex | undefined): void {
  if (!index) contentConnections().onFailure();
  else if (!store?.complete()) contentConnections().onPartial();
}

export async function getSearchIndex(waitMs: number = FIRST_BUILD_WAIT_MS): Promise<SearchIndexResult> {
  const result = await searchIndexStore().get(waitMs);
  reportIfIncomplete(result.ok ? result.index : undefined);
  return result;
}

/**
 * The index if there is one now, else undefined, never waiting (the first build or a due rebuild starts in
 * the background). Never throws: a panel without options is better than a broken course page.
 */
export function peekSearchIndex(): SearchIndex | undefined {
  const index = warmSearchIndex();
  reportIfIncomplete(index);
  return index;
}

/** Starts the first build or a due rebuild in the background (Node's start-up, and every page that reads the index). */
export function warmSearchIndex(): SearchIndex | undefined {
  try {
    return searchIndexStore().peek();
  } catch (error) {
    console.warn(`[search] index unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The index build in progress, if any: on Workers the request that started it hands it to `waitUntil`. */
export function searchIndexBuild(): Promise<unknown> | undefined {
  return store?.pending();
}

/** Whether the index holds the whole catalogue (false only while a deployment's very first crawl runs). */
export function searchIndexComplete(): boolean {
  return store?.complete() === true;
}

/** A Worker reads the kept index's health from KV at most this often (/healthz is public). */
const HEALTH_REUSE_MS = 5000;
let workerHealth: { at: number; value: Promise<KeepHealth | undefined> } | undefined;

/**
 * The search index for /healthz: whether it holds the whole catalogue, when it was built, and whether the
 * crawl is being kept (keep-health.ts). Node: the crawling store's own account. Workers: what the last
 * scheduled run wrote beside the record in KV (the crawl runs there, not in this isolate).
 */
export async function searchIndexHealth(): Promise<{ complete: boolean; builtAt?: number; kept?: KeepHealth }> {
  const index = store?.current();
  const own = { complete: searchIndexComplete(), ...(index ? { builtAt: index.builtAt } : {}) };
  if (serverConfig().runtime !== 'workers') {
    const kept = store?.keepHealth();
    return { ...own, ...(kept ? { kept } : {}) };
  }
  if (!kv) return own;
  const binding = kv;
  if (!workerHealth || Date.now() - workerHealth.at >= HEALTH_REUSE_MS) {
    workerHealth = {
      at: Date.now(),
      value: kvKeepHealth(binding)
        .read()
        .catch(() => undefined),
    };
  }
  const kept = await workerHealth.value;
  return { ...own, ...(kept ? { kept } : {}) };
}
