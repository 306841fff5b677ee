import type { MiddlewareHandler } from 'hono';
import { serverConfig } from '../lib/server-config';

/**
 * The server's settings are parsed before anything else runs. With a bad value the server answers 503 to
 * everything and logs the one message naming every bad setting. Under `npm start` this never happens: the
 * start-up (src/background-jobs.ts `startNodeServer`) reads them first and stops with that message. A Worker,
 * and `npm run dev` (Waku's dev server, which has no start-up of ours), show a bad setting on the first request.
 */
export function checkSettings(): MiddlewareHandler {
  let problem: string | undefined;
  let checked = false;
  return async (c, next) => {
    if (!checked) {
      checked = true;
      try {
        serverConfig();
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
        console.error(problem);
      }
    }
    if (problem === undefined) return next();
    c.res = new Response('The site is not configured correctly. The server log says which setting is wrong.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  };
}
