import type { MiddlewareHandler } from 'hono';
import { scriptsAfterFirstScreenStream } from '../lib/first-paint/scripts-after-first-screen';

/** HTML pages load their scripts once the first screen is painted (see there). */
export function scriptsAfterFirstScreen(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    // Bodies are never compressed inside the app (the Node layer and the edge compress later, and kept pages
    // are answered before this middleware), so a content-encoding header here is a kept page's, copied onto a
    // background re-render by Hono: the body is plain HTML all the same.
    if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    c.res = new Response(response.body.pipeThrough(scriptsAfterFirstScreenStream()), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
