import type { MiddlewareHandler } from 'hono';
import { lowerScriptPriorityStream } from '../lib/first-paint/script-priority';

/** HTML pages' script hints go at low priority, after the stylesheets and the first pictures (see there). */
export default function firstPaint(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    // Bodies are never compressed inside the app (the Node layer and the edge compress later, and kept pages
    // are answered before this middleware), so a content-encoding header here is a kept page's, copied onto a
    // background re-render by Hono: the body is plain HTML all the same.
    if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    c.res = new Response(response.body.pipeThrough(lowerScriptPriorityStream()), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
