import type { MiddlewareHandler } from 'hono';
import { waitUntil } from '../lib/http/wait-until';
import { site } from '../site';

/**
 * A page request looks at the search index before it renders, which starts a re-read when the index is older
 * than the TTL (Node: the crawl, or the file another server crawls into; Workers: KV), so a re-read starts
 * here and not somewhere in the streamed part of a render. Workers cancel whatever a request started once its
 * answer is sent, unless it is handed to `waitUntil`: this hands the re-read over. Node's first crawl starts
 * with the server, the Worker's crawl with the Cron Trigger.
 */
export function handOverBackgroundWork(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET') site().search.warm();
    await next();
    waitUntil(c, site().search.pending());
  };
}
