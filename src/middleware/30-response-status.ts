import type { MiddlewareHandler } from 'hono';
import { recordedResponseHeaders, recordedResponseStatus } from '../lib/response-status';

/** Applies the status a page recorded with `setResponseStatus` (see response-status.ts). */
export default function responseStatus(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = recordedResponseStatus();
    if (status !== undefined && c.res.status === 200) {
      const headers = new Headers(c.res.headers);
      for (const [name, value] of Object.entries(recordedResponseHeaders())) headers.set(name, value);
      c.res = new Response(c.res.body, { status, headers });
    }
  };
}
