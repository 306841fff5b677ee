import { describe, expect, test } from 'vitest';
import { parseServerConfig } from './server-config';

describe('server settings', () => {
  test('defaults for everything unset; empty strings count as unset', () => {
    const config = parseServerConfig({ ADMIN_API_URL: 'http://127.0.0.1:4000/api', TRUST_PROXY: '' }, 'node');
    expect(config.admin).toEqual({
      baseUrl: 'http://127.0.0.1:4000/api',
      timeoutMs: 5000,
      maxResponseBytes: 4 * 1024 * 1024,
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

  test('the page cache and the search crawl have bounded, documented defaults', () => {
    const config = parseServerConfig({});
    expect(config.pageCacheMaxBytes).toBe(128 * 1024 * 1024);
    expect(config.search).toEqual({
      callsPerMinute: 180,
      concurrency: 2,
      unknownSlugCallsPerMinute: 30,
      file: 'var/search-index.json',
    });
    expect(parseServerConfig({ SEARCH_INDEX_CONCURRENCY: '4' }).search.concurrency).toBe(4);
    // never more than 4 crawl calls at once, whatever is asked
    expect(() => parseServerConfig({ SEARCH_INDEX_CONCURRENCY: '5' })).toThrow(/SEARCH_INDEX_CONCURRENCY/);
    expect(() => parseServerConfig({ SEARCH_INDEX_CONCURRENCY: '0' })).toThrow(/SEARCH_INDEX_CONCURRENCY/);
  });

  test("pictures: one client's share of new variants, fetch time and disk writes, each at least 1", () => {
    const { images } = parseServerConfig({});
    expect([images.fetchTimeoutMs, images.clientPending, images.clientWriteBytes]).toEqual([5000, 32, 8 * 1024 * 1024]);
    const names = ['IMAGE_FETCH_TIMEOUT_MS', 'IMAGE_CLIENT_PENDING', 'IMAGE_CLIENT_WRITE_BYTES'];
    expect(() => parseServerConfig(Object.fromEntries(names.map((name) => [name, '0'])))).toThrow(
      new RegExp(names.join('[^]*')),
    );
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

  test('email: SMTP_URL with its addresses, each checked; a part without the others is refused', () => {
    expect(parseServerConfig({}).enquiry.email).toBeUndefined();
    const email = parseServerConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      ENQUIRY_EMAIL_TO: 'a@example.com, b@example.com',
      ENQUIRY_EMAIL_FROM: 'website@example.com',
    }).enquiry.email;
    expect(email).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      to: ['a@example.com', 'b@example.com'],
      from: 'website@example.com',
      replyTime: 'An adviser will reply within one working day.',
    });
    expect(() => parseServerConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => parseServerConfig({ ENQUIRY_EMAIL_TO: 'a@example.com, Bcc: b' })).toThrow(/ENQUIRY_EMAIL_TO/);
    expect(() => parseServerConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /ENQUIRY_EMAIL_TO is needed[\s\S]*ENQUIRY_EMAIL_FROM is needed/,
    );
    // A Worker sends through its binding: no SMTP_URL there.
    const worker = { ENQUIRY_EMAIL_TO: 'a@example.com', ENQUIRY_EMAIL_FROM: 'website@example.com' };
    expect(() => parseServerConfig(worker, 'node')).toThrow(/SMTP_URL is needed/);
    expect(parseServerConfig(worker, 'workers').enquiry.email?.to).toEqual(['a@example.com']);
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

  test("the provider's identity: one-line texts, address lines split at |, a phone kept as what it dials", () => {
    const config = parseServerConfig({
      SITE_NAME: 'Gulf Training Partners',
      SITE_ADDRESS: ' Unit 7, Seef Business Centre |Road 2825|| Manama, Kingdom of Bahrain ',
      SITE_OPENING_HOURS: 'Sunday to Thursday, 8:00 to 17:00',
      SITE_PHONE: '+973 1700 (0000)',
      SITE_EMAIL: 'info@gulf-training.example',
      HEALTHZ_TOKEN: 'a-long-enough-secret',
    });
    expect(config.site).toEqual({
      domain: undefined,
      url: undefined,
      hosts: [],
      name: 'Gulf Training Partners',
      address: ['Unit 7, Seef Business Centre', 'Road 2825', 'Manama, Kingdom of Bahrain'],
      openingHours: 'Sunday to Thursday, 8:00 to 17:00',
      phone: 'tel:+97317000000',
      email: 'info@gulf-training.example',
    });
    expect(config.healthzToken).toBe('a-long-enough-secret');
  });

  test('SITE_HOSTS: host names, lower-case, default ports dropped; a URL or path is refused', () => {
    expect(
      parseServerConfig({ SITE_HOSTS: 'WWW.Example.com, example.com:443 staging.example.com:8443' }).site.hosts,
    ).toEqual(['www.example.com', 'example.com', 'staging.example.com:8443']);
    expect(() => parseServerConfig({ SITE_HOSTS: 'https://www.example.com' })).toThrow(/SITE_HOSTS/);
    expect(() => parseServerConfig({ SITE_HOSTS: 'www.example.com/shop' })).toThrow(/SITE_HOSTS/);
  });

  test('unset identity stays unset (no borrowed name, no address)', () => {
    const config = parseServerConfig({});
    expect(config.site).toEqual({
      domain: undefined,
      url: undefined,
      hosts: [],
      name: undefined,
      address: [],
      openingHours: undefined,
      phone: undefined,
      email: undefined,
    });
    expect(config.healthzToken).toBeUndefined();
  });

  test('bad identity values and a short health token are refused together', () => {
    let message = '';
    try {
      parseServerConfig({
        SITE_NAME: 'Two\nlines',
        SITE_PHONE: 'call us',
        SITE_EMAIL: 'not-an-address',
        HEALTHZ_TOKEN: 'short',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const key of ['SITE_NAME', 'SITE_PHONE', 'SITE_EMAIL', 'HEALTHZ_TOKEN']) expect(message).toContain(key);
  });
});
