/** The process-wide search index, read through the same content layer (and cache) as the pages. */
import 'server-only';
import { contentSource } from '../admin/content';
import { reportContentFailure, reportPartialContent } from '../page-cache/render-health';
import { serverConfig } from '../server-config';
import { slugGate } from './known-slugs';
import type { SearchIndex } from './search-index';
import { createSearchIndexStore, type SearchIndexResult, type SearchIndexStore } from './search-index-store';

/** How long /search waits for the very first index before answering that search is warming up. */
const FIRST_BUILD_WAIT_MS = 8000;
let store: SearchIndexStore | undefined;

function searchIndexStore(): SearchIndexStore {
  if (!store) {
    const config = serverConfig();
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
    });
  }
  return store;
}

/**
 * A page rendered without an index ("warming up", a panel without options) is not kept by the page cache,
 * as for a content failure; one rendered from the first crawl's partial index (no sessions yet) is kept
 * only briefly.
 */
function reportIfIncomplete(index: SearchIndex | undefined): void {
  if (!index) reportContentFailure();
  else if (!store?.complete()) reportPartialContent();
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

/** Starts the first build or a due rebuild in the background (the middleware, on every page request). */
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
