/**
 * The guards: the first phase of every request, kept or not (src/server-entry.ts; on Node also before the
 * direct answers, scripts/node-server/start.mjs). Each is a pure function of the request line and headers,
 * so both places run the same ones, in this order:
 * 1. a cross-site write (a form posted from another site) is refused, 403;
 * 2. an address whose percent-encoding cannot be decoded names no page: 400, never redirected first;
 * 3. a near-miss of a page's address (`/about/`, `/About`, `/%61bout`, a list's `?page=1`) is a 308 to its
 *    one canonical address (record 016), before its method is judged, so a form posted to a near-miss keeps
 *    its method and is judged at the true address;
 * 4. a method the path does not take is a 405 with `Allow` (record 013), never the page rendered anyway;
 * 5. an RSC path Waku's router does not serve is a 404 (the router would throw it into a 500).
 * A request that passes them all may be answered from what is kept, or rendered.
 */
import { IMAGE_PATH_PREFIX } from '../images/image-reference';
import type { RequestParts } from '../request-origin';
import { isCrossSiteWrite } from '../security/security-headers';
import { canonicalPath, canonicalQuery, hasMalformedEncoding } from '../seo/clean-path';
import { allowedMethods, requestKind } from './request-rules';

export type GuardedRequest = RequestParts & { method: string };

/** A guard's answer: a refusal in one plain sentence (`message`), or a redirect (its headers only). */
export type GuardAnswer = { status: number; message?: string; headers: Record<string, string> };

const refusal = (status: number, message: string, headers: Record<string, string> = {}): GuardAnswer => ({
  status,
  message,
  headers,
});

/**
 * The answer the guards give `request`, or undefined when it passes them. `trustForwardedHost`: a configured
 * proxy's `X-Forwarded-Host`/`-Proto` say where a form was posted to (TRUST_PROXY).
 */
export function guardAnswer(request: GuardedRequest, trustForwardedHost: boolean): GuardAnswer | undefined {
  if (isCrossSiteWrite(request, trustForwardedHost)) return refusal(403, 'Forms can only be sent from this site.');
  const url = new URL(request.url);
  if (hasMalformedEncoding(url.pathname)) {
    return refusal(400, 'This address is not valid: it contains a malformed %-encoded character.');
  }
  // a signed picture address is the image endpoint's to read as it was signed, never "corrected"
  const path = url.pathname.startsWith(IMAGE_PATH_PREFIX) ? null : canonicalPath(url.pathname);
  const query = canonicalQuery(path ?? url.pathname, url.search);
  if (path !== null || query !== null) {
    return {
      status: 308,
      headers: { location: `${path ?? url.pathname}${query ?? url.search}`, 'cache-control': 'public, max-age=3600' },
    };
  }
  const allowed = allowedMethods(url.pathname);
  if (!allowed.includes(request.method)) {
    return refusal(405, `This address only answers ${allowed.join(', ')}.`, { allow: allowed.join(', ') });
  }
  if (requestKind(url.pathname) === 'unknown rsc') return refusal(404, 'There is nothing at this address.');
  return undefined;
}
