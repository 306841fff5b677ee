import type { MiddlewareHandler } from 'hono';
import type { CrawlKv } from '../lib/search/crawl-kv';
import { useSearchIndexKv } from '../lib/search/live-search-index';

/**
 * On Workers the search index lives in the SEARCH_INDEX KV namespace (written by the scheduled crawl), and
 * bindings exist only inside a request: hand it over before anything (the sitemap, a page) reads the index.
 * On Node there is no such binding and the index is kept in SEARCH_INDEX_FILE.
 */
export default function searchIndexStore(): MiddlewareHandler {
  return async (c, next) => {
    useSearchIndexKv((c.env as { SEARCH_INDEX?: CrawlKv } | undefined)?.SEARCH_INDEX);
    await next();
  };
}
