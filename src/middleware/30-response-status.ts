import type { MiddlewareHandler } from 'hono';
import { recordedResponseStatus } from '../lib/response-status';

/** Applies the status a page recorded with `setResponseStatus` (see response-status.ts). */
export default function responseStatus(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = recordedResponseStatus();
    if (status !== undefined && c.res.status === 200) {
      c.res = new Response(c.res.body, { status, headers: c.res.headers });
    }
  };
}
