import type { MiddlewareHandler } from 'hono';
import { allowedMethods, requestKind } from '../lib/http/request-rules';
import { RUNTIME } from '../lib/server-config';
import { plainAnswer as plain } from './plain-answers';

/** The 4xx status an error thrown while decoding a request carries (Waku sets `statusCode`), if any. */
function clientErrorStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
  const code = typeof statusCode === 'number' ? statusCode : status;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : undefined;
}

/**
 * The HTTP rules every answer keeps (inside the security headers, which still apply to these answers):
 * - a method the path does not take is 405 with `Allow`, never the page rendered anyway;
 * - an RSC path Waku's router does not serve is 404, and any other request Waku throws on as unreadable (an
 *   error carrying a 4xx status) is that 4xx: each would otherwise be a 500 (a path that is not valid
 *   percent-encoding never gets here: clean-urls.ts, the first to read the path, answers it 400);
 * - a server error never shows its internal message: Waku answers a failed render or action with the
 *   error's text, which is replaced by a plain sentence here (the log keeps the details);
 * - a 413 on Node says `Connection: close`: the refused body may still be on its way, so the connection is
 *   not reused (workerd manages its own connections and refuses the header).
 * HSTS is one of the security headers (src/lib/security/security-headers.ts), so pages the page cache
 * serves without running the middlewares carry it too.
 */
export function methodAndErrorRules(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const allowed = allowedMethods(url.pathname);
    if (!allowed.includes(c.req.method)) {
      c.res = plain(405, `This address only answers ${allowed.join(', ')}.`, { allow: allowed.join(', ') });
      return;
    }
    if (requestKind(url.pathname) === 'unknown rsc') {
      c.res = plain(404, 'There is nothing at this address.');
      return;
    }

    // Waku's router runs as its own Hono middleware after the chain: Hono catches what it throws, answers its
    // own 500 and keeps the error in `c.error`; a step of the chain that throws is caught here
    let thrown: unknown;
    try {
      await next();
      thrown = c.error;
    } catch (error) {
      thrown = error;
    }

    let response = c.res;
    if (thrown !== undefined) {
      const status = clientErrorStatus(thrown);
      if (status === undefined) console.error(thrown);
      await response.body?.cancel();
      response = status
        ? plain(status, 'This request could not be read.')
        : plain(500, 'Something went wrong on our side. Please try again in a moment.');
    } else if (response.status >= 500 && !response.headers.has('content-type')) {
      // Waku's own error answer: its body is the error message
      await response.body?.cancel();
      response = plain(response.status, 'Something went wrong on our side. Please try again in a moment.');
    }
    if (response.status === 413 && RUNTIME === 'node') {
      const headers = new Headers(response.headers);
      headers.set('connection', 'close');
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    c.res = response;
  };
}
