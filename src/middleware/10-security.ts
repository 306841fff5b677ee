import type { MiddlewareHandler } from 'hono';
import { serverConfig } from '../lib/server-config';
import {
  createNonce,
  isCrossSiteWrite,
  mediaOriginsFrom,
  scriptNonceStream,
  securityHeaders,
} from '../lib/security/security-headers';

/**
 * Outermost middleware (files run in name order): refuses cross-site writes, then stamps the security
 * headers on every response and a CSP nonce on every inline script of HTML pages. HTML is `private,
 * no-cache`: it carries a per-response nonce and form tokens, so shared caches must not keep it.
 */
export default function security(): MiddlewareHandler {
  // read once, on the first request (the environment is set by then, also on Workers) and kept
  let settings: { mediaOrigins: string[]; trustForwardedHost: boolean } | undefined;
  return async (c, next) => {
    if (!settings) {
      const config = serverConfig();
      settings = {
        mediaOrigins: mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins),
        trustForwardedHost: config.trustedProxies > 0,
      };
    }
    const { mediaOrigins } = settings;
    if (isCrossSiteWrite(c.req.raw, settings.trustForwardedHost)) {
      c.res = new Response('Forms can only be sent from this site.', {
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders({ mediaOrigins }) },
      });
      return;
    }

    await next();

    const response = c.res;
    const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
    const nonce = isHtml && import.meta.env.PROD ? createNonce() : undefined;
    const headers = new Headers(response.headers);
    const security = securityHeaders({ mediaOrigins, ...(nonce ? { nonce } : {}) });
    for (const [name, value] of Object.entries(security)) {
      // Vite's dev server injects inline scripts without a nonce; the policy is for the production build.
      if (name === 'content-security-policy' && !import.meta.env.PROD) continue;
      headers.set(name, value);
    }
    if (isHtml) headers.set('cache-control', 'private, no-cache');
    const body = nonce && response.body ? response.body.pipeThrough(scriptNonceStream(nonce)) : response.body;
    headers.delete('content-length');
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
