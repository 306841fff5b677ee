import type { MiddlewareHandler } from 'hono';
import { waitUntil } from '../lib/http/wait-until';
import { requestRecord } from '../lib/request-record';
import { RUNTIME } from '../lib/server-config';
import { site, siteFor, type WorkerBindings } from '../site';

type Bindings = WorkerBindings & {
  incoming?: { socket?: { remoteAddress?: string } }; // Node
};

/**
 * The site for this request (src/site.ts), before anything else runs:
 * - Workers: the isolate's first request makes it with the bindings it carries (the search index's KV
 *   namespace, the enquiry queue, `send_email`): they exist only inside a request.
 * - Node: made at start (`npm run dev`: on its first request); the visitor's TCP address (Waku's context only
 *   has the Request) goes into the request's record for the enquiry rate limit.
 * With a bad setting the site cannot be made: the server answers 503 to everything and logs the one message
 * naming every bad setting. Under `npm start` this never happens: the start-up (src/background-jobs.ts
 * `startNodeServer`) makes the site first and stops with that message.
 */
export function openSite(): MiddlewareHandler {
  let problem: string | undefined;
  return async (c, next) => {
    const bindings = c.env as Bindings | undefined;
    if (problem === undefined) {
      try {
        if (RUNTIME === 'workers') siteFor(bindings);
        else site();
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
        console.error(problem);
      }
    }
    if (problem !== undefined) {
      c.res = new Response('The site is not configured correctly. The server log says which setting is wrong.', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
      return;
    }
    const record = requestRecord();
    const address = bindings?.incoming?.socket?.remoteAddress;
    if (address) record.clientAddress = address;
    // work a render starts and does not await (a content refresh) outlives the answer on Workers
    record.keepAlive = (task) => waitUntil(c, task);
    await next();
  };
}
