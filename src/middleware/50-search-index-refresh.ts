import type { MiddlewareHandler } from 'hono';
import { keepAlive } from '../lib/http/keep-alive';
import { searchIndexBuild, warmSearchIndex } from '../lib/search/live-search-index';

/**
 * Keeps the course-search index warm: every page request looks at it (a cheap check) and, when there is none
 * yet or it is older than the content cache, a build starts in the background (Node: a paced crawl that
 * resumes the kept one; Workers: a re-read of the index the scheduled crawl keeps in KV). So no search waits
 * on the admin once it is warm. On Workers that work is handed to `waitUntil`, or the runtime would cancel
 * it with the request's end.
 */
export default function searchIndexRefresh(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' && c.req.path !== '/healthz') warmSearchIndex();
    await next();
    keepAlive(c, searchIndexBuild());
  };
}
