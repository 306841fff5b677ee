import type { MiddlewareHandler } from 'hono';
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
 * The render's error rules (inside the security headers, which still apply to these answers):
 * - a request Waku throws on as unreadable (an error carrying a 4xx status) is that 4xx, not a 500;
 * - a server error never shows its internal message: Waku answers a failed render or action with the
 *   error's text, which is replaced by a plain sentence here (the log keeps the details);
 * - a 413 on Node says `Connection: close`: the refused body may still be on its way, so the connection is
 *   not reused (workerd manages its own connections and refuses the header).
 * A method the path does not take (405) and an RSC path the router does not serve (404) never get here: the
 * guards answer them (src/lib/http/request-guards.ts).
 */
export function errorRules(): MiddlewareHandler {
  return async (c, next) => {
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
