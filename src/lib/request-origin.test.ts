import { describe, expect, test } from 'vitest';
import { pageOrigin, requestOrigin } from './request-origin';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('requestOrigin', () => {
  test('the Host header and the connection scheme, without proxies', () => {
    expect(requestOrigin(request('http://127.0.0.1:8080/about', { host: 'WWW.Example.com:8080' }), 0)).toBe(
      'http://www.example.com:8080',
    );
    expect(requestOrigin(request('https://a.example/x'), 0)).toBe('https://a.example');
  });

  test('forwarded headers are ignored unless proxies are trusted', () => {
    const forwarded = { host: 'internal:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect(requestOrigin(request('http://internal:3000/', forwarded), 0)).toBe('http://internal:3000');
    expect(requestOrigin(request('http://internal:3000/', forwarded), 1)).toBe('https://evil.example');
  });

  test('behind proxies the first (browser-facing) entry counts and a default port is dropped', () => {
    const headers = { 'x-forwarded-host': 'www.example.com:443, proxy.local', 'x-forwarded-proto': 'https, http' };
    expect(requestOrigin(request('http://10.0.0.2/', headers), 2)).toBe('https://www.example.com');
  });

  test('a host that is not a host name falls back to the request URL', () => {
    expect(requestOrigin(request('http://127.0.0.1:8080/', { host: 'a.example/"><script>' }), 0)).toBe(
      'http://127.0.0.1:8080',
    );
    expect(requestOrigin(request('http://127.0.0.1:8080/', { 'x-forwarded-proto': 'javascript' }), 1)).toBe(
      'http://127.0.0.1:8080',
    );
  });
});

describe('pageOrigin: the one origin a page may name', () => {
  const forged = request('http://127.0.0.1:8080/about', {
    host: '127.0.0.1:8080',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  });

  test('SITE_URL wins over every header', () => {
    const rule = { siteUrl: 'https://www.example.com', siteHosts: [], trustedProxies: 1 };
    expect(pageOrigin(forged, rule)).toEqual({ origin: 'https://www.example.com', served: true });
  });

  test('SITE_HOSTS: a listed host is named, any other becomes the first listed', () => {
    const rule = { siteUrl: undefined, siteHosts: ['www.example.com', 'example.com'], trustedProxies: 1 };
    expect(pageOrigin(forged, rule)).toEqual({ origin: 'https://www.example.com', served: true });
    const listed = request('http://10.0.0.2/', { 'x-forwarded-host': 'example.com', 'x-forwarded-proto': 'https' });
    expect(pageOrigin(listed, rule)).toEqual({ origin: 'https://example.com', served: true });
  });

  test('unconfigured: the request origin, served only for a loopback name', () => {
    const rule = { siteUrl: undefined, siteHosts: [], trustedProxies: 1 };
    expect(pageOrigin(forged, rule)).toEqual({ origin: 'https://evil.example', served: false });
    expect(pageOrigin(forged, { ...rule, trustedProxies: 0 })).toEqual({
      origin: 'http://127.0.0.1:8080',
      served: true,
    });
  });
});
