import type { MiddlewareHandler } from 'hono';
import { serverConfig } from '../lib/server-config';

/**
 * First middleware: the server's settings are parsed before anything else runs. With a bad value the
 * server answers 503 to everything and logs the one message naming every bad setting (on Node
 * `scripts/node-server/start.mjs` asks at start-up and exits; on Workers it shows on the first request).
 */
export default function settings(): MiddlewareHandler {
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
