import type { MiddlewareHandler } from 'hono';
import { lowerScriptPriorityStream } from '../lib/first-paint/script-priority';

/** HTML pages' script hints go at low priority, after the stylesheets and the first pictures (see there). */
export default function firstPaint(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
    if (response.headers.has('content-encoding')) return;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    c.res = new Response(response.body.pipeThrough(lowerScriptPriorityStream()), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
