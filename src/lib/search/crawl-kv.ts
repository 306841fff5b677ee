/**
 * The kept crawl on Workers: one value in the SEARCH_INDEX KV namespace, written by the Cron Trigger's crawl
 * (scheduled-crawl.ts) and read by requests. One key holds the whole record (about 1 MB for 2 000 courses;
 * KV takes up to 25 MiB a value), so a reader never sees an index from one run and a cursor from another.
 */
import type { CrawlStorage } from './crawl-record';

/** The part of a KV namespace binding used here. */
export type CrawlKv = {
  get(key: string, type: 'text'): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
};

const CRAWL_KV_KEY = 'search-index';

export function kvCrawlStorage(kv: CrawlKv): CrawlStorage {
  return {
    where: `KV SEARCH_INDEX/${CRAWL_KV_KEY}`,
    read: async () => (await kv.get(CRAWL_KV_KEY, 'text')) ?? undefined,
    write: (text) => kv.put(CRAWL_KV_KEY, text),
  };
}
