/**
 * Which client a request counts against for the rate limit.
 *
 * - Behind a reverse proxy (TRUST_PROXY=n, n trusted proxies in front of the site): the address the
 *   nearest trusted proxy saw, i.e. the n-th entry of X-Forwarded-For counted from the right. Entries
 *   further left are whatever the client claimed and would let anyone pick a fresh identity per request.
 * - Otherwise: the TCP peer address (recorded per request by src/middleware/enquiry-requests.ts;
 *   on Cloudflare Workers, CF-Connecting-IP, which Cloudflare's edge sets). X-Forwarded-For is ignored
 *   then, since anyone can send it.
 * - Neither known (another runtime without the peer address): one shared bucket, so the limit still
 *   caps the total rather than not applying at all.
 */
export const SHARED_CLIENT_KEY = 'shared';

export function clientKey(options: {
  forwardedFor?: string | undefined;
  remoteAddress?: string | undefined;
  trustedProxies: number;
}): string {
  if (options.trustedProxies > 0 && options.forwardedFor) {
    const hops = options.forwardedFor
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const hop = hops[hops.length - options.trustedProxies] ?? hops[0];
    if (hop) return normalise(hop);
  }
  if (options.remoteAddress) return normalise(options.remoteAddress);
  return SHARED_CLIENT_KEY;
}

/**
 * '::ffff:1.2.3.4' and '1.2.3.4' are the same client; an IPv6 client is its /64 network, because one
 * subscriber usually holds a whole /64 and could otherwise take a new address for every request.
 */
function normalise(address: string): string {
  const lower = address.toLowerCase().replace(/%.*$/, '');
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice(7);
  if (!lower.includes(':')) return lower;
  const [head = '', tail] = lower.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Where src/middleware/enquiry-requests.ts leaves the TCP peer address in Waku's request context. */
export const CLIENT_ADDRESS_CONTEXT_KEY = 'enquiryClientAddress';
