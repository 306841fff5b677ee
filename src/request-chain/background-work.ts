import type { MiddlewareHandler } from 'hono';
import { waitUntil } from '../lib/http/wait-until';
import { searchIndexBuild } from '../lib/search/live-search-index';

/**
 * Workers cancel whatever a request started once its answer is sent, unless it is handed to `waitUntil`:
 * a page that found the search index due for a re-read of KV started one, and this hands it over. Nothing
 * starts here (Node's crawl starts with the server, the Worker's with the Cron Trigger).
 */
export function handOverBackgroundWork(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    waitUntil(c, searchIndexBuild());
  };
}
