import { describe, expect, test } from 'vitest';
import { parseServerConfig } from './server-config';

describe('server settings', () => {
  test('defaults for everything unset; empty strings count as unset', () => {
    const config = parseServerConfig({ ADMIN_API_URL: 'http://127.0.0.1:4000/api', TRUST_PROXY: '' }, 'node');
    expect(config.admin).toEqual({
      baseUrl: 'http://127.0.0.1:4000/api',
      timeoutMs: 5000,
      cacheTtlMs: 60_000,
      retryMs: 5000,
    });
    expect(config.trustedProxies).toBe(0);
    expect(config.enquiry.rateLimit).toBe(5);
    expect(config.enquiry.outboxDir).toBe('var/enquiries');
    expect(config.mediaOrigins).toEqual([]);
  });

  test('numbers and lists are parsed once, with one rule', () => {
    const config = parseServerConfig({
      CONTENT_CACHE_TTL_MS: '2000',
      TRUST_PROXY: '2',
      MEDIA_ORIGINS: 'https://cdn.example.net/images, https://v.example.org',
    });
    expect(config.admin.cacheTtlMs).toBe(2000);
    expect(config.trustedProxies).toBe(2);
    expect(config.mediaOrigins).toEqual(['https://cdn.example.net', 'https://v.example.org']);
  });

  test('every bad value is reported in one message', () => {
    let message = '';
    try {
      parseServerConfig({
        ADMIN_API_URL: 'not a url',
        ADMIN_TIMEOUT_MS: '5s',
        TRUST_PROXY: '-1',
        ENQUIRY_WEBHOOK_URL: 'ftp://hooks.example.com',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid server settings/);
    for (const key of ['ADMIN_API_URL', 'ADMIN_TIMEOUT_MS', 'TRUST_PROXY', 'ENQUIRY_WEBHOOK_URL']) {
      expect(message).toContain(key);
    }
  });

  test('SITE_URL is an http(s) origin, kept without its trailing slash; anything more is refused', () => {
    expect(parseServerConfig({}).site.url).toBeUndefined();
    expect(parseServerConfig({ SITE_URL: 'https://www.Example.com/' }).site.url).toBe('https://www.example.com');
    expect(parseServerConfig({ SITE_URL: 'http://127.0.0.1:8080' }).site.url).toBe('http://127.0.0.1:8080');
    for (const bad of [
      'www.example.com',
      'ftp://example.com',
      'https://example.com/shop',
      'https://example.com/?a=1',
    ]) {
      expect(() => parseServerConfig({ SITE_URL: bad }), bad).toThrow(/SITE_URL/);
    }
  });
});
