/**
 * Which origin a page may name (canonical link, og:url, JSON-LD, robots.txt, the sitemap, calendar links),
 * one rule for every place that names one:
 *
 * 1. SITE_URL, when set: always that, whatever host or forwarded header the request carries.
 * 2. Else SITE_HOSTS, when set: the origin the visitor asked for if its host is listed, else the first
 *    listed host (on the scheme the request came by). A host the owner did not list is never named.
 * 3. Else (development, tests): the origin the request came to. Behind trusted proxies (TRUST_PROXY > 0)
 *    the first entry of X-Forwarded-Proto / X-Forwarded-Host is what the browser asked for; without them
 *    those headers are anyone's to forge, so only the Host header and the connection's scheme count.
 *
 * The page cache keys a page by this very origin (page-key.ts), so no header can make a page name an
 * origin other than the one its key says: a forwarded value the key does not hold never reaches a page.
 * Only in case 3 does the named host come from the request; there a host that is not a loopback name is
 * not one the site knows it serves, and its pages are kept as made-up (dropped first, see page-store.ts).
 */

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether `value` is a plain host name or IP address with an optional port (a SITE_HOSTS entry). */
export function isHostName(value: string): boolean {
  return HOST.test(value);
}

/** What the origin rule reads of a request: its URL and its headers (a Request, or the Node server's parts). */
export type RequestParts = { url: string; header(name: string): string | null | undefined };

export type OriginRule = {
  /** SITE_URL: the one public origin. */
  siteUrl: string | undefined;
  /** SITE_HOSTS: the hosts (with port when not the default) the site answers under, lower-case. */
  siteHosts: readonly string[];
  /** TRUST_PROXY: proxies in front whose X-Forwarded-* headers are believed. */
  trustedProxies: number;
};

/** The origin rule of the settings (SITE_URL, SITE_HOSTS, TRUST_PROXY). */
export function originRuleOf({
  site,
  trustedProxies,
}: {
  site: { url?: string | undefined; hosts: readonly string[] };
  trustedProxies: number;
}): OriginRule {
  return { siteUrl: site.url, siteHosts: site.hosts, trustedProxies };
}

export type PageOrigin = {
  origin: string;
  /** The site knows it serves this host (SITE_URL/SITE_HOSTS decided, or a loopback name). */
  served: boolean;
};

function firstEntry(value: string | null | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first ? first : undefined;
}

function partsOf(request: Request | RequestParts): RequestParts {
  if (request instanceof Request) return { url: request.url, header: (name) => request.headers.get(name) };
  return request;
}

/** The origin a request was made to, as the visitor typed it (see the rule above for which headers count). */
export function requestOrigin(request: Request | RequestParts, trustedProxies: number): string {
  const parts = partsOf(request);
  const url = new URL(parts.url);
  const behindProxy = trustedProxies > 0;
  const forwardedProto = behindProxy ? firstEntry(parts.header('x-forwarded-proto'))?.toLowerCase() : undefined;
  const forwardedHost = behindProxy ? firstEntry(parts.header('x-forwarded-host')) : undefined;
  const protocol = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : url.protocol.slice(0, -1);
  const candidates = [forwardedHost, parts.header('host') ?? undefined, url.host];
  const host = candidates.find((candidate) => candidate !== undefined && HOST.test(candidate)) ?? 'localhost';
  try {
    return new URL(`${protocol}://${host}`).origin; // lower-cases and drops a default port
  } catch {
    return url.origin;
  }
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/;

/** The origin a page rendered for `request` names, and whether its host is one the site serves. */
export function pageOrigin(request: Request | RequestParts, rule: OriginRule): PageOrigin {
  if (rule.siteUrl) return { origin: rule.siteUrl, served: true };
  const asked = requestOrigin(request, rule.trustedProxies);
  const url = new URL(asked);
  if (rule.siteHosts.length > 0) {
    if (rule.siteHosts.includes(url.host)) return { origin: asked, served: true };
    const fallback = new URL(`${url.protocol}//${rule.siteHosts[0]}`).origin;
    return { origin: fallback, served: true };
  }
  return { origin: asked, served: LOOPBACK.test(url.host) };
}
