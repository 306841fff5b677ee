// The content layer against a real HTTP server on 127.0.0.1 whose answers each test scripts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { isNotFound } from './content-error';
import { createContentSource, type ContentSourceOptions } from './content-source';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const settings = {
  logo: 'https://admin.example.com/logo.svg',
  phone: 'tel:+97317000000',
  messenger: '',
  whatsapp: 'https://wa.me/97317000000',
  facebook: 'https://facebook.com/x',
  instagram: 'https://instagram.com/x',
  twitter: 'https://twitter.com/x',
  linkedin: 'https://linkedin.com/x',
};

let server: http.Server;
let baseUrl = '';
let handler: Handler = () => {};
const requests: string[] = [];
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

const pending: http.ServerResponse[] = [];

afterEach(() => {
  requests.length = 0;
  // finish answers a test left hanging, without dropping the client's pooled keep-alive connections
  for (const res of pending.splice(0)) if (!res.writableEnded) res.end();
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function source(overrides: Partial<ContentSourceOptions> = {}) {
  const logs: string[] = [];
  const clock = { now: 1_000_000 };
  const content = createContentSource({
    baseUrl,
    timeoutMs: 500,
    maxBytes: 64 * 1024,
    ttlMs: 60_000,
    retryMs: 5_000,
    now: () => clock.now,
    log: (message) => logs.push(message),
    ...overrides,
  });
  return { content, logs, clock };
}

/** A moment for work in the background to happen, where the test asserts that nothing happened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
/** Wait for what a background refresh does, however long a loaded machine takes (up to vitest's timeout). */
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe('answers', () => {
  test('success: validated data, unknown fields dropped', async () => {
    handler = (_req, res) => json(res, 200, { data: { ...settings, extra: 'ignored' }, meta: 1 });
    const { content } = source();
    const result = await content.getSettings();
    expect(result).toEqual({ ok: true, data: settings, stale: false });
    expect(requests).toEqual(['/api/setting/content']);
  });

  test('path parameters are encoded into the contract path', async () => {
    handler = (_req, res) => json(res, 200, { data: { title: 'T', description: 'd', course_venue: [] } });
    const { content } = source();
    await content.getSubCourse('a b/c');
    await content.getOpenCourseCategory(101);
    expect(requests).toEqual(['/api/course-venue/details/a%20b%2Fc', '/api/upcoming-training/details/101']);
  });

  test('404 is a not-found HTTP_ERROR', async () => {
    handler = (_req, res) => json(res, 404, { error: 'Not found' });
    const { content, logs } = source();
    const result = await content.getSubCourse('missing');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'HTTP_ERROR', status: 404 });
    expect(isNotFound(result.error)).toBe(true);
    expect(logs).toEqual([]); // an unknown slug is not an incident
  });

  test('500 is an HTTP_ERROR with its status, and is logged', async () => {
    handler = (_req, res) => json(res, 500, { error: 'boom' });
    const { content, logs } = source();
    const result = await content.getGallery();
    expect(result).toMatchObject({ ok: false, error: { kind: 'HTTP_ERROR', status: 500 } });
    expect(logs.join('\n')).toContain('HTTP_ERROR');
  });

  test('no answer in time is a TIMEOUT_ERROR', async () => {
    handler = (_req, res) => pending.push(res);
    const { content } = source({ timeoutMs: 200 });
    const started = Date.now();
    const result = await content.getSettings();
    expect(result).toMatchObject({ ok: false, error: { kind: 'TIMEOUT_ERROR' } });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  test('a body trickled slower than the timeout is a TIMEOUT_ERROR, though bytes keep coming', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (res.writableEnded ? clearInterval(timer) : res.write(' ')), 20);
      res.on('close', () => clearInterval(timer));
      pending.push(res);
    };
    const { content } = source({ timeoutMs: 300 });
    expect(await content.getSettings()).toMatchObject({ ok: false, error: { kind: 'TIMEOUT_ERROR' } });
  });

  test('an answer over maxBytes is refused, announced or not, and read no further', async () => {
    const huge = JSON.stringify({ data: { ...settings, padding: 'x'.repeat(200_000) } });
    let written = 0;
    let closed = false;
    handler = (req, res) => {
      if (req.url?.includes('setting')) {
        json(res, 200, JSON.parse(huge)); // with content-length
        return;
      }
      // chunked, no length: counted as it arrives; the server keeps writing until the client goes away
      res.writeHead(200, { 'content-type': 'application/json' });
      const write = () => {
        while (!res.destroyed && written < 50_000_000 && res.write('x'.repeat(16_384))) written += 16_384;
        if (!res.destroyed && written < 50_000_000) res.once('drain', write);
      };
      res.write('{"data":[');
      write();
      res.on('close', () => (closed = true));
    };
    const { content } = source({ maxBytes: 64 * 1024, timeoutMs: 10_000 }); // a loaded machine is slow
    expect(await content.getSettings()).toMatchObject({
      ok: false,
      error: { kind: 'PARSING_ERROR', message: expect.stringContaining('more than 65536 bytes') },
    });
    expect(await content.getGallery()).toMatchObject({ ok: false, error: { kind: 'PARSING_ERROR' } });
    await eventually(() => expect(closed).toBe(true));
    expect(written).toBeLessThan(10_000_000); // the client stopped reading: the 50 MB were never sent
  });

  test('a redirect is not followed, to another origin or its own', async () => {
    const elsewhere = http.createServer((_req, res) => json(res, 200, { data: settings }));
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    let asked = 0;
    elsewhere.on('request', () => (asked += 1));
    try {
      handler = (req, res) => {
        res.writeHead(req.url?.includes('gallery') ? 301 : 302, {
          location: req.url?.includes('gallery') ? '/api/setting/content' : `${other}/api/setting/content`,
        });
        res.end();
      };
      const { content } = source({ timeoutMs: 10_000 });
      expect(await content.getSettings()).toMatchObject({
        ok: false,
        error: { kind: 'HTTP_ERROR', status: 302, message: expect.stringContaining('not followed') },
      });
      expect(await content.getGallery()).toMatchObject({ ok: false, error: { kind: 'HTTP_ERROR', status: 301 } });
      expect(asked).toBe(0);
      expect(requests).toEqual(['/api/setting/content', '/api/gallery/content']);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  test('a body that stalls midway is a TIMEOUT_ERROR too', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      pending.push(res);
    };
    const { content } = source({ timeoutMs: 200 });
    expect(await content.getSettings()).toMatchObject({ ok: false, error: { kind: 'TIMEOUT_ERROR' } });
  });

  test('a dropped connection is a FETCH_ERROR', async () => {
    handler = (req) => req.socket.destroy();
    const { content } = source();
    expect(await content.getSettings()).toMatchObject({ ok: false, error: { kind: 'FETCH_ERROR' } });
  });

  test('a refused connection is a FETCH_ERROR', async () => {
    const { content } = source({ baseUrl: 'http://127.0.0.1:9/api' });
    expect(await content.getSettings()).toMatchObject({ ok: false, error: { kind: 'FETCH_ERROR' } });
  });

  test('a body that is not JSON is a PARSING_ERROR', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>oops</html>');
    };
    const { content } = source();
    expect(await content.getSettings()).toMatchObject({ ok: false, error: { kind: 'PARSING_ERROR' } });
  });

  test('JSON of the wrong shape is a PARSING_ERROR naming the problem', async () => {
    handler = (_req, res) => json(res, 200, { data: { ...settings, logo: 42 } });
    const { content } = source();
    const result = await content.getSettings();
    expect(result).toMatchObject({ ok: false, error: { kind: 'PARSING_ERROR' } });
    if (!result.ok) expect(result.error.message).toContain('logo');
  });

  test('a list that is not a list is a PARSING_ERROR; a bad row in a list is dropped', async () => {
    handler = (_req, res) => json(res, 200, { data: { items: [] } });
    expect(await source().content.getGallery()).toMatchObject({ ok: false, error: { kind: 'PARSING_ERROR' } });

    handler = (_req, res) =>
      json(res, 200, {
        data: [{ image: 'https://x/1.svg', title: 'One' }, { image: 5 }, { image: 'https://x/2.svg', title: 'Two' }],
      });
    const result = await source().content.getGallery();
    expect(result).toEqual({
      ok: true,
      stale: false,
      data: [
        { image: 'https://x/1.svg', title: 'One' },
        { image: 'https://x/2.svg', title: 'Two' },
      ],
    });
  });
});

describe('cache', () => {
  test('an answer is reused for 60 s, per call and per argument', async () => {
    handler = (req, res) => json(res, 200, { data: { title: req.url, description: '', course_venue: [] } });
    const { content, clock } = source();
    await content.getSubCourse('a');
    clock.now += 59_000;
    await content.getSubCourse('a');
    await content.getSubCourse('b');
    expect(requests).toEqual(['/api/course-venue/details/a', '/api/course-venue/details/b']);
  });

  test('after 60 s the copy is served at once and refreshed once in the background', async () => {
    let version = 1;
    handler = (_req, res) => json(res, 200, { data: { ...settings, logo: `v${version}` } });
    const { content, clock } = source();
    expect(await content.getSettings()).toMatchObject({ data: { logo: 'v1' } });
    version = 2;
    clock.now += 61_000;
    const [first, second] = await Promise.all([content.getSettings(), content.getSettings()]);
    expect(first).toMatchObject({ ok: true, data: { logo: 'v1' } });
    expect(second).toMatchObject({ ok: true, data: { logo: 'v1' } });
    await eventually(async () => expect(await content.getSettings()).toMatchObject({ data: { logo: 'v2' } }));
    expect(requests).toHaveLength(2);
  });

  test('every admin load it starts, the background refresh too, is handed to keepAlive (a Worker request’s waitUntil)', async () => {
    handler = (_req, res) => json(res, 200, { data: settings });
    const kept: Promise<unknown>[] = [];
    const { content, clock } = source({ keepAlive: (load) => kept.push(load) });
    await content.getSettings();
    expect(kept).toHaveLength(1);
    await content.getSettings(); // fresh: no load
    expect(kept).toHaveLength(1);
    clock.now += 61_000;
    const stale = await content.getSettings(); // answered with the copy; the refresh runs on
    expect(stale).toMatchObject({ ok: true });
    expect(kept).toHaveLength(2);
    await expect(kept[1]).resolves.toMatchObject({ ok: true });
  });

  test('concurrent identical calls share one request', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { data: settings }), 100);
    const { content } = source();
    const results = await Promise.all(Array.from({ length: 25 }, () => content.getSettings()));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  test('stale-if-error: a failed refresh keeps serving the last good value and logs the failure', async () => {
    handler = (_req, res) => json(res, 200, { data: settings });
    const { content, clock, logs } = source();
    await content.getSettings();

    handler = (_req, res) => json(res, 503, { error: 'down' });
    clock.now += 61_000;
    await content.getSettings(); // triggers the background refresh, which fails
    await eventually(() => expect(logs.join('\n')).toMatch(/HTTP_ERROR refreshing/));
    const afterFailure = await content.getSettings();
    expect(afterFailure).toEqual({ ok: true, data: settings, stale: true });
    expect(logs.join('\n')).toMatch(/HTTP_ERROR refreshing \/setting\/content; serving the copy from 61 s ago/);

    // the failed admin is retried after retryMs, not on every request
    const before = requests.length;
    await content.getSettings();
    await settle();
    expect(requests.length).toBe(before);
    clock.now += 5_001;
    await content.getSettings();
    await eventually(() => expect(requests.length).toBe(before + 1));
  });

  test('stale-if-error also covers a dropped connection and garbage', async () => {
    handler = (_req, res) => json(res, 200, { data: settings });
    const { content, clock, logs } = source();
    await content.getSettings();
    for (const [index, broken] of [
      (req: http.IncomingMessage) => req.socket.destroy(),
      (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('nope'),
    ].entries()) {
      handler = broken as Handler;
      clock.now += 120_000;
      await content.getSettings();
      // the refresh has failed once its failure is logged (nothing of it is left running for the next test)
      await eventually(() =>
        expect(logs.filter((line) => line.includes('refreshing /setting/content'))).toHaveLength(index + 1),
      );
      expect(await content.getSettings()).toEqual({ ok: true, data: settings, stale: true });
    }
  });

  test('a failure with nothing cached is remembered briefly, then retried', async () => {
    handler = (_req, res) => json(res, 500, {});
    const { content, clock } = source();
    await content.getGallery();
    await content.getGallery();
    expect(requests).toHaveLength(1);
    handler = (_req, res) => json(res, 200, { data: [] });
    clock.now += 5_001;
    expect(await content.getGallery()).toEqual({ ok: true, data: [], stale: false });
    expect(requests).toHaveLength(2);
  });

  test('the number of cached keys is bounded', async () => {
    handler = (_req, res) => json(res, 404, {});
    const { content } = source({ maxEntries: 3 });
    for (const slug of ['a', 'b', 'c', 'd', 'e']) await content.getSubCourse(slug);
    expect(content.cache.stats().entries).toBe(3);
  });
});

describe('cache bounds under made-up slugs', () => {
  test('unknown slugs never push out the content stale-if-error relies on', async () => {
    handler = (req, res) =>
      req.url === '/api/setting/content' ? json(res, 200, { data: settings }) : json(res, 404, { error: 'Not found' });
    const { content, clock } = source({ maxEntries: 3 });
    await content.getSettings();
    for (const slug of ['a', 'b', 'c', 'd', 'e', 'f']) await content.getSubCourse(slug);
    expect(content.cache.stats().entries).toBe(3);

    handler = (_req, res) => json(res, 503, {});
    clock.now += 120_000;
    await content.getSettings();
    await eventually(async () =>
      expect(await content.getSettings()).toEqual({ ok: true, data: settings, stale: true }),
    );
  });
});

describe('slugs that are not ASCII', () => {
  test('reach the admin percent-encoded once', async () => {
    const asked: string[] = [];
    const content = createContentSource({
      baseUrl: 'http://admin.test/api',
      timeoutMs: 1000,
      maxBytes: 64 * 1024,
      ttlMs: 60_000,
      retryMs: 1000,
      fetch: async (input: RequestInfo | URL) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return new Response(JSON.stringify({ data: { title: 'Café leadership', description: '', course_venue: [] } }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const result = await content.getSubCourse('café-leadership');
    expect(result.ok).toBe(true);
    expect(asked).toEqual(['http://admin.test/api/course-venue/details/caf%C3%A9-leadership']);
  });
});
