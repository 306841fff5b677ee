import type { MiddlewareHandler } from 'hono';
import { scriptsAfterFirstScreenRewrite } from '../lib/first-paint/scripts-after-first-screen';
import { htmlRewriteStream } from '../lib/html/html-rewrite';
import {
  createNonce,
  isCrossSiteWrite,
  isHttpsRequest,
  mediaOriginsFrom,
  scriptNonceRewrite,
  securityHeaders,
} from '../lib/security/security-headers';
import { site } from '../site';

/**
 * Runs inside the page cache: refuses cross-site writes, then stamps the security headers on every response
 * (HSTS when the visitor came over HTTPS), and gives a rendered HTML page its one pass on the way out
 * (src/lib/html/html-rewrite.ts): its scripts wait for the first screen, and every inline script gets the
 * response's CSP nonce while the page streams. A streamed page is `private, no-cache`: its nonce is for one
 * response. The page cache keeps a completed copy without the nonces, under a policy listing its scripts'
 * hashes, and that copy is the one shared caches may keep (page-cache.ts).
 */
export function securityRules(): MiddlewareHandler {
  // read once, on the first request (the environment is set by then, also on Workers) and kept
  let settings: { mediaOrigins: string[]; trustForwardedHost: boolean; trustedProxies: number } | undefined;
  return async (c, next) => {
    if (!settings) {
      const config = site().settings;
      settings = {
        mediaOrigins: mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins),
        trustForwardedHost: config.trustedProxies > 0,
        trustedProxies: config.trustedProxies,
      };
    }
    const { mediaOrigins } = settings;
    const https = isHttpsRequest(c.req.raw, settings.trustedProxies);
    if (isCrossSiteWrite(c.req.raw, settings.trustForwardedHost)) {
      c.res = new Response('Forms can only be sent from this site.', {
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders({ mediaOrigins, https }) },
      });
      return;
    }

    await next();

    const response = c.res;
    const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
    const nonce = isHtml && import.meta.env.PROD ? createNonce() : undefined;
    const headers = new Headers(response.headers);
    const security = securityHeaders({ mediaOrigins, https, ...(nonce ? { nonce } : {}) });
    for (const [name, value] of Object.entries(security)) {
      // Vite's dev server injects inline scripts without a nonce; the policy is for the production build.
      if (name === 'content-security-policy' && !import.meta.env.PROD) continue;
      headers.set(name, value);
    }
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
