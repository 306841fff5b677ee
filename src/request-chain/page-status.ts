import type { MiddlewareHandler } from 'hono';
import { requestRecord } from '../lib/request-record';

/** Applies the status a page recorded with `setResponseStatus` (see src/lib/response-status.ts). */
export function pageStatus(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const recorded = requestRecord().status;
    if (recorded && c.res.status === 200) {
      const headers = new Headers(c.res.headers);
      for (const [name, value] of Object.entries(recorded.headers)) headers.set(name, value);
      c.res = new Response(c.res.body, { status: recorded.code, headers });
    }
  };
}
