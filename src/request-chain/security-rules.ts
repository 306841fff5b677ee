import type { MiddlewareHandler } from 'hono';
import { scriptsAfterFirstScreenRewrite } from '../lib/first-paint/scripts-after-first-screen';
import { htmlRewriteStream } from '../lib/html/html-rewrite';
import {
  createNonce,
  isHttpsRequest,
  mediaOriginsFrom,
  scriptNonceRewrite,
  securityHeaders,
} from '../lib/security/security-headers';
import { site } from '../site';

/**
 * The security headers of an answer to a request, with the site's media origins and proxies (read once, on
 * the first request: the environment is set by then, also on Workers) and HSTS when the visitor came over
 * HTTPS. Shared by the render's `securityRules` and the guards' refusals.
 */
export function securityHeadersOfSite(): (request: Request, nonce?: string) => Record<string, string> {
  let settings: { mediaOrigins: string[]; trustedProxies: number } | undefined;
  return (request, nonce) => {
    if (!settings) {
      const config = site().settings;
      settings = {
        mediaOrigins: mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins),
        trustedProxies: config.trustedProxies,
      };
    }
    const https = isHttpsRequest(request, settings.trustedProxies);
    const headers = securityHeaders({ mediaOrigins: settings.mediaOrigins, https, ...(nonce ? { nonce } : {}) });
    // Vite's dev server injects inline scripts without a nonce; the policy is for the production build.
    if (!import.meta.env.PROD) delete headers['content-security-policy'];
    return headers;
  };
}

/**
 * The render's first step, inside the page cache: stamps the security headers on every answer the render
 * phase gives (HSTS when the visitor came over HTTPS), and gives a rendered HTML page its one pass on the way out
 * (src/lib/html/html-rewrite.ts): its scripts wait for the first screen, and every inline script gets the
 * response's CSP nonce while the page streams. A streamed page is `private, no-cache`: its nonce is for one
 * response. The page cache keeps a completed copy without the nonces, under a policy listing its scripts'
 * hashes, and that copy is the one shared caches may keep (page-cache.ts).
 */
export function securityRules(): MiddlewareHandler {
  const headersFor = securityHeadersOfSite();
  return async (c, next) => {
    await next();

    const response = c.res;
    const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
    const nonce = isHtml && import.meta.env.PROD ? createNonce() : undefined;
    const headers = new Headers(response.headers);
    const security = headersFor(c.req.raw, nonce);
    for (const [name, value] of Object.entries(security)) headers.set(name, value);
    if (isHtml) headers.set('cache-control', 'private, no-cache');
    // a kept page's re-render may carry the kept copy's content-encoding (copied by Hono): bodies are never
    // compressed inside the app (the Node layer and the edge compress later), so the body is plain HTML
    const body =
      isHtml && response.body
        ? response.body.pipeThrough(
            htmlRewriteStream([scriptsAfterFirstScreenRewrite(), ...(nonce ? [scriptNonceRewrite(nonce)] : [])]),
          )
        : response.body;
    headers.delete('content-length');
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
