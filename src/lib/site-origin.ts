/** Where the visitor reached the site: the domain the footer names and the origin of absolute URLs. */
import 'server-only';
import { unstable_getContext, unstable_getHeaders } from 'waku/server';
import { serverConfig } from './server-config';
import { requestOrigin } from './request-origin';

/** The domain the footer names: SITE_DOMAIN, else the host the visitor asked for. */
export function siteDomain(): string {
  const configured = serverConfig().site.domain;
  if (configured) return configured;
  try {
    const host = unstable_getHeaders()['host'];
    if (host) return host.replace(/:\d+$/, '');
  } catch {
    // outside a request
  }
  return 'localhost';
}

/**
 * The origin canonical links, shared links and the sitemap are built on: SITE_URL, else the origin of the
 * request being rendered (see request-origin.ts for which headers are believed).
 */
export function siteOrigin(): string {
  let request: Request;
  try {
    request = unstable_getContext().req;
  } catch {
    return serverConfig().site.url ?? 'http://localhost'; // outside a request (never in a page)
  }
  return siteOriginFor(request);
}

/** The same, for a middleware holding the request. */
export function siteOriginFor(request: Request): string {
  const config = serverConfig();
  return config.site.url ?? requestOrigin(request, config.trustedProxies);
}
