import type { MiddlewareHandler } from 'hono';
import { createTemporaryReferenceSet, decodeAction, decodeReply, loadServerAction } from '@vitejs/plugin-rsc/rsc';
import { functionIdFromPath, requestKind } from '../lib/http/request-rules';
import { plainAnswer as refuse } from './plain-answers';

/** What was posted, as the browser or Waku's client sends it; undefined when it cannot be read. */
async function readBody(request: Request): Promise<FormData | string | undefined> {
  try {
    const type = request.headers.get('content-type') ?? '';
    return type.startsWith('multipart/form-data') ? await request.clone().formData() : await request.clone().text();
  } catch {
    return undefined;
  }
}

/**
 * Posts are checked before Waku decodes them, because Waku answers a body it cannot decode, or a server
 * function that does not exist, with a 500 and the internal error's text. A client's mistake is a 4xx
 * with a plain sentence instead:
 * - a server function call (POST /RSC/F/…) must name a function this build has (404) and carry a body
 *   React can decode (400);
 * - a form post to a page must be `multipart/form-data`, as browsers send the site's forms (415: an
 *   urlencoded or JSON post would otherwise be rendered as a page view and what was typed silently
 *   dropped), readable (400), and carry one of the site's server actions (400).
 * Runs after the enquiry body limit (src/server-entry.ts), so no body is read here that the limit
 * refuses. The bodies are read from a copy: Waku reads the original.
 */
export function serverActionChecks(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const request = c.req.raw;
    const { pathname } = new URL(request.url);
    const kind = requestKind(pathname);

    if (kind === 'function call') {
      const id = functionIdFromPath(pathname);
      const action = id ? await loadServerAction(id).catch(() => undefined) : undefined;
      if (typeof action !== 'function') {
        c.res = refuse(404, 'There is no such action on this site.');
        return;
      }
    }
    if (kind === 'function call' || kind === 'rsc') {
      const body = await readBody(request);
      const decoded =
        body === undefined
          ? undefined
          : await Promise.resolve(decodeReply(body, { temporaryReferences: createTemporaryReferenceSet() })).then(
              () => true,
              () => undefined,
            );
      if (!decoded) {
        c.res = refuse(400, 'This request could not be read.');
        return;
      }
      return next();
    }

    // a form posted to a page (without JavaScript)
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('multipart/form-data')) {
      c.res = refuse(
        415,
        'This form must be sent as multipart/form-data, as the page sends it. Nothing was sent: please go back and send the form from the page.',
      );
      return;
    }
    const form = await readBody(request);
    if (!(form instanceof FormData)) {
      c.res = refuse(400, 'The form data could not be read. Nothing was sent: please go back and try again.');
      return;
    }
    const action = await Promise.resolve(decodeAction(form)).catch(() => undefined);
    if (typeof action !== 'function') {
      c.res = refuse(400, 'This form post is not one of the forms on this page. Nothing was sent.');
      return;
    }
    return next();
  };
}
