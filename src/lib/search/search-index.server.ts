/** The process-wide search index, read through the same content layer (and cache) as the pages. */
import {
  getLearningSolutionCategory,
  getLearningSolutions,
  getOpenCourseCategory,
  getSubCourse,
  getOpenCourses,
} from '../admin/content.server';
import { serverConfig } from '../server-config';
import type { SearchIndex } from './search-index';
import { createSearchIndexStore, type SearchIndexResult, type SearchIndexStore } from './search-index-store';

/** How long /search waits for the very first index before answering that search is warming up. */
export const FIRST_BUILD_WAIT_MS = 8000;
let store: SearchIndexStore | undefined;

function searchIndexStore(): SearchIndexStore {
  if (!store) {
    const config = serverConfig().admin;
    store = createSearchIndexStore({
      source: {
        getOpenCourses,
        getLearningSolutions,
        getOpenCourseCategory,
        getLearningSolutionCategory,
        getSubCourse,
      },
      ttlMs: config.cacheTtlMs,
      retryMs: config.retryMs,
      settleMs: config.timeoutMs + 250,
    });
  }
  return store;
}

export function getSearchIndex(waitMs: number = FIRST_BUILD_WAIT_MS): Promise<SearchIndexResult> {
  return searchIndexStore().get(waitMs);
}

/**
 * The index if there is one now, else undefined, never waiting (the first build or a due rebuild starts in
 * the background). Never throws: a panel without options is better than a broken course page.
 */
export function peekSearchIndex(): SearchIndex | undefined {
  try {
    return searchIndexStore().peek();
  } catch (error) {
    console.warn(`[search] index unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
