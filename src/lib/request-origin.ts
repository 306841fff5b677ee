/**
 * The origin a request was made to, as the visitor typed it. Behind trusted reverse proxies (TRUST_PROXY > 0)
 * the first entry of X-Forwarded-Proto / X-Forwarded-Host is what the browser asked for; without them those
 * headers are anyone's to forge, so only the Host header and the connection's own scheme count. A host that
 * is not a plain host name (or IP) with an optional port is ignored: it would end up in canonical links.
 */

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstEntry(value: string | null): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first ? first : undefined;
}

export function requestOrigin(request: Request, trustedProxies: number): string {
  const url = new URL(request.url);
  const behindProxy = trustedProxies > 0;
  const forwardedProto = behindProxy ? firstEntry(request.headers.get('x-forwarded-proto'))?.toLowerCase() : undefined;
  const forwardedHost = behindProxy ? firstEntry(request.headers.get('x-forwarded-host')) : undefined;
  const protocol = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : url.protocol.slice(0, -1);
  const candidates = [forwardedHost, request.headers.get('host') ?? undefined, url.host];
  const host = candidates.find((candidate) => candidate !== undefined && HOST.test(candidate)) ?? 'localhost';
  try {
    return new URL(`${protocol}://${host}`).origin; // lower-cases and drops a default port
  } catch {
    return url.origin;
  }
}
