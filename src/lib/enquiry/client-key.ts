/**
 * Which client a request counts against for the rate limit.
 *
 * - Behind a reverse proxy (TRUST_PROXY=n, n trusted proxies in front of the site): the address the
 *   nearest trusted proxy saw, i.e. the n-th entry of X-Forwarded-For counted from the right. Entries
 *   further left are whatever the client claimed and would let anyone pick a fresh identity per request.
 * - Otherwise: the TCP peer address (recorded per request by src/request-chain/open-site.ts;
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
    if (hop) return addressKey(hop);
  }
  if (options.remoteAddress) return addressKey(options.remoteAddress);
  return SHARED_CLIENT_KEY;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The address alone, whatever way the hop wrote it: proxies write X-Forwarded-For entries as `1.2.3.4`,
 * `1.2.3.4:51234`, `2001:db8::1`, `[2001:db8::1]:51234` or quoted; the port changes with every connection
 * and must never make a request a new client. '::ffff:1.2.3.4' and '1.2.3.4' are the same client; an IPv6
 * client is its /64 network, because one subscriber usually holds a whole /64 and could otherwise take a new
 * address for every request.
 */
function addressKey(written: string): string {
  let address = written.trim().replace(/^"|"$/g, '').toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '');
  if (address.startsWith('::ffff:') && IPV4.test(address.slice(7))) return address.slice(7);
  if (!address.includes(':')) return address;
  return ipv6Network(address);
}

/**
 * The wider network an IPv6 client's /64 belongs to, its /48 ('2001:db8:85a3:0::/64' → '2001:db8:85a3::/48'):
 * a site or a hosting customer is often given a whole /48, i.e. 65 536 /64s, each a new client to the per-/64
 * limit; a second, larger limit per /48 bounds that. IPv4 clients (and the shared bucket) have none.
 */
export function networkKey(client: string): string | undefined {
  if (!client.endsWith('::/64')) return undefined;
  return `${client.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

/** The /64 network of an IPv6 address ('2001:db8:85a3::9' → '2001:db8:85a3:0::/64'). */
function ipv6Network(address: string): string {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((group) => (IPV4.test(group) ? ['0', '0'] : [group])) : [];
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
