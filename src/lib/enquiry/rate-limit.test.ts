import { describe, expect, test } from 'vitest';
import { clientKey, networkKey, SHARED_CLIENT_KEY } from './client-key';
import { RateLimiter, takeEach } from './rate-limit';

describe('RateLimiter', () => {
  test('allows `limit` per sliding window per client, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('a')).toEqual({ ok: true });
    now += 10_000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(limiter.take('b')).toEqual({ ok: true });
    now += 50_001; // the first hit has left the window
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a').ok).toBe(false);
  });

  test('a released hit is given back; a limit of 0 means no limit', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    expect(limiter.take('a').ok).toBe(true);
    limiter.release('a');
    expect(limiter.take('a').ok).toBe(true);
    const unlimited = new RateLimiter(0, 60_000);
    for (let index = 0; index < 100; index += 1) expect(unlimited.take('a').ok).toBe(true);
  });
});

describe('clientKey', () => {
  test('without a trusted proxy the peer address counts and X-Forwarded-For is ignored', () => {
    expect(clientKey({ forwardedFor: '198.51.100.1', remoteAddress: '203.0.113.9', trustedProxies: 0 })).toBe(
      '203.0.113.9',
    );
    expect(clientKey({ remoteAddress: '::ffff:203.0.113.9', trustedProxies: 0 })).toBe('203.0.113.9');
  });

  test('behind n trusted proxies the n-th address from the right counts, not what the client claimed', () => {
    const header = '10.0.0.1, 198.51.100.7, 192.0.2.10';
    expect(clientKey({ forwardedFor: header, remoteAddress: '127.0.0.1', trustedProxies: 1 })).toBe('192.0.2.10');
    expect(clientKey({ forwardedFor: header, remoteAddress: '127.0.0.1', trustedProxies: 2 })).toBe('198.51.100.7');
    expect(clientKey({ forwardedFor: '192.0.2.10', remoteAddress: '127.0.0.1', trustedProxies: 3 })).toBe('192.0.2.10');
    expect(clientKey({ remoteAddress: '127.0.0.1', trustedProxies: 1 })).toBe('127.0.0.1');
  });

  test('the address alone: a port, brackets or quotes in a forwarded entry never make a new client', () => {
    const key = (entry: string) => clientKey({ forwardedFor: entry, remoteAddress: '127.0.0.1', trustedProxies: 1 });
    for (const entry of ['203.0.113.9', '203.0.113.9:51234', '203.0.113.9:1', '"203.0.113.9:4711"'])
      expect(key(`10.0.0.1, ${entry}`)).toBe('203.0.113.9');
    for (const entry of ['2001:db8:1:2::9', '[2001:db8:1:2::9]:443', '[2001:db8:1:2:ffff::1]', '"[2001:db8:1:2::7]:9"'])
      expect(key(entry)).toBe('2001:db8:1:2::/64');
    expect(key('[::ffff:203.0.113.9]:8080')).toBe('203.0.113.9');
    expect(key('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  test('an IPv6 client is its /64; nothing known is one shared bucket', () => {
    expect(clientKey({ remoteAddress: '2001:db8:85a3:0:1:2:3:4', trustedProxies: 0 })).toBe('2001:db8:85a3:0::/64');
    expect(clientKey({ remoteAddress: '2001:db8:85a3::9', trustedProxies: 0 })).toBe('2001:db8:85a3:0::/64');
    expect(clientKey({ remoteAddress: '::1', trustedProxies: 0 })).toBe('0:0:0:0::/64');
    expect(clientKey({ trustedProxies: 0 })).toBe(SHARED_CLIENT_KEY);
  });
});

describe('takeEach', () => {
  test('counts on every limiter or on none, and names the one that refused', () => {
    const client = new RateLimiter(5, 60_000, () => 0);
    const network = new RateLimiter(1, 60_000, () => 0);
    expect(
      takeEach([
        [client, 'a'],
        [network, 'n'],
      ]),
    ).toEqual({ ok: true });
    expect(
      takeEach([
        [client, 'a'],
        [network, 'n'],
      ]),
    ).toMatchObject({ ok: false, refusedBy: 1 });
    // the refused try counted nothing on the client's limiter: 4 more fit there
    for (let index = 0; index < 4; index += 1) expect(client.take('a').ok).toBe(true);
    expect(client.take('a').ok).toBe(false);
  });
});

describe('networkKey', () => {
  test("an IPv6 client's /48; none for IPv4 or the shared bucket", () => {
    expect(networkKey(clientKey({ remoteAddress: '2001:db8:85a3::9', trustedProxies: 0 }))).toBe('2001:db8:85a3::/48');
    expect(networkKey(clientKey({ remoteAddress: '2001:db8:85a3:ffff:1::1', trustedProxies: 0 }))).toBe(
      '2001:db8:85a3::/48',
    );
    expect(networkKey(clientKey({ remoteAddress: '198.51.100.7', trustedProxies: 0 }))).toBeUndefined();
    expect(networkKey(SHARED_CLIENT_KEY)).toBeUndefined();
  });
});
