import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { nodePageCodec } from './node-page-codec';
import { chooseEncoding, isSpeculative, PageCache, type PageCodec } from './page-cache';
import { pageKey } from './page-key';
import { MemoryPageStore, type StoredPage } from './page-store';
import type { OriginRule } from '../request-origin';

const encoder = new TextEncoder();

function html(text: string, status = 200) {
  return {
    status,
    headers: new Headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "script-src 'nonce-N'",
    }),
    body: encoder.encode(text),
  };
}

/** The Node codec, with what it was asked to do written down in order. */
async function recordingCodec() {
  const codec = await nodePageCodec();
  const calls: string[] = [];
  const recording: PageCodec = {
    compress: (plain, effort) => (calls.push(`compress ${effort}`), codec.compress(plain, effort)),
    decompress: (kept) => (calls.push('decompress'), codec.decompress(kept)),
    gzip: (plain) => (calls.push('gzip'), codec.gzip(plain)),
  };
  return { codec: recording, calls };
}

async function setup(options: { maxBytes?: number; ttlMs?: number } = {}) {
  let now = 1_000_000;
  const { codec, calls } = await recordingCodec();
  const store = new MemoryPageStore(options.maxBytes ?? 10_000_000);
  const cache = new PageCache({
    store,
    ttlMs: options.ttlMs ?? 60_000,
    retryMs: 5000,
    now: () => now,
    pagePolicy: async (page) => `script-src 'self' hashes-of(${page.length})`,
    codec,
  });
  return { cache, store, calls, advance: (ms: number) => (now += ms) };
}

const facts = (acceptEncoding: string | null, method = 'GET') => ({
  method,
  acceptEncoding,
  ifNoneMatch: null,
  https: false,
});

describe('page cache', () => {
  test('a render that streamed a section behind its skeleton is not kept (visitors without JavaScript would keep the skeleton)', async () => {
    const { cache } = await setup();
    const streamed = html('<!--$?--><template id="B:0"></template><p aria-busy="true">loading</p><!--/$-->');
    expect(await cache.admit('k', streamed, streamed.body, { contentFailed: false, madeUp: false })).toBe(false);
    expect(await cache.lookup('k')).toBeUndefined();
    const inPlace = html('<!--$--><p>ready</p><!--/$-->');
    expect(await cache.admit('k', inPlace, inPlace.body, { contentFailed: false, madeUp: false })).toBe(true);
  });

  test('keeps a completed page without nonces, under a hash policy, and serves it with an ETag and a shareable Cache-Control', async () => {
    const { cache } = await setup();
    const page = html('<p>x</p><script nonce="abc+/=">go()</script>');
    expect(await cache.admit('k', page, page.body, { contentFailed: false, madeUp: false })).toBe(true);
    const found = await cache.lookup('k');
    expect(found?.fresh).toBe(true);
    const response = await cache.respond(found!, new Request('http://x/'), false);
    expect(await response.text()).toBe('<p>x</p><script>go()</script>');
    expect(response.headers.get('content-security-policy')).toBe("script-src 'self' hashes-of(29)");
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400',
    );
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{24}"$/);
  });

  test('a kept 404 is no current representation: If-None-Match (even *) still gets the 404', async () => {
    const { cache } = await setup();
    const missing = html('<p>not found</p>', 404);
    await cache.admit('gone', missing, missing.body, { contentFailed: false, madeUp: false });
    const found = (await cache.lookup('gone'))!;
    const etag = (await cache.respond(found, new Request('http://x/'), false)).headers.get('etag')!;
    for (const ifNoneMatch of ['*', etag]) {
      const answer = await cache.respond(
        found,
        new Request('http://x/', { headers: { 'if-none-match': ifNoneMatch } }),
        false,
      );
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe('<p>not found</p>');
    }
    const page = html('<p>hello</p>');
    await cache.admit('here', page, page.body, { contentFailed: false, madeUp: false });
    const here = (await cache.lookup('here'))!;
    expect(
      (await cache.respond(here, new Request('http://x/', { headers: { 'if-none-match': '*' } }), false)).status,
    ).toBe(304);
  });

  test('answers 304 to a matching If-None-Match, and the kept br copy to a client that takes br', async () => {
    const { cache } = await setup();
    const page = html('<p>hello</p>');
    await cache.admit('k', page, page.body, { contentFailed: false, madeUp: false });
    const found = (await cache.lookup('k'))!;
    const etag = (await cache.respond(found, new Request('http://x/'), false)).headers.get('etag')!;
    const notModified = await cache.respond(
      found,
      new Request('http://x/', { headers: { 'if-none-match': etag } }),
      false,
    );
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const br = await cache.respond(
      found,
      new Request('http://x/', { headers: { 'accept-encoding': 'gzip, br' } }),
      false,
    );
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(new Uint8Array(await br.arrayBuffer())).toEqual(found.page.body);
    const head = await cache.respond(found, new Request('http://x/', { method: 'HEAD' }), false);
    expect(head.headers.get('content-length')).toBe(String(page.body.byteLength));
    expect(await head.text()).toBe('');
  });

  test('a page past the TTL is stale, and one refresh at a time may replace it', async () => {
    const { cache, advance } = await setup();
    const page = html('<p>v1</p>');
    await cache.admit('k', page, page.body, { contentFailed: false, madeUp: false });
    advance(60_000);
    expect((await cache.lookup('k'))?.fresh).toBe(false);
    expect(cache.claimRefresh('k')).toBe(true);
    expect(cache.claimRefresh('k')).toBe(false);
    const next = html('<p>v2</p>');
    await cache.admit('k', next, next.body, { contentFailed: false, madeUp: false });
    cache.release('k');
    const found = (await cache.lookup('k'))!;
    expect(found.fresh).toBe(true);
    expect(await (await cache.respond(found, new Request('http://x/'), false)).text()).toBe('<p>v2</p>');
  });

  test('a refresh whose content failed keeps the last good page, and the next refresh waits', async () => {
    const { cache, advance } = await setup();
    const page = html('<p>good</p>');
    await cache.admit('k', page, page.body, { contentFailed: false, madeUp: false });
    advance(61_000);
    expect(cache.claimRefresh('k')).toBe(true);
    const failed = html('<p>could not be loaded</p>');
    expect(await cache.admit('k', failed, failed.body, { contentFailed: true, madeUp: false })).toBe(false);
    cache.release('k');
    const found = (await cache.lookup('k'))!;
    expect(await (await cache.respond(found, new Request('http://x/'), false)).text()).toBe('<p>good</p>');
    expect(cache.claimRefresh('k')).toBe(false); // backing off
    advance(5000);
    expect(cache.claimRefresh('k')).toBe(true);
  });

  test('a page with partial content is kept, but stale after the retry delay instead of the TTL', async () => {
    const { cache, advance } = await setup();
    const page = html('<p>titles only</p>');
    await cache.admit('k', page, page.body, { contentFailed: false, madeUp: false, partial: true });
    expect((await cache.lookup('k'))?.fresh).toBe(true);
    advance(5000);
    expect((await cache.lookup('k'))?.fresh).toBe(false);
  });

  test('answers that belong to one visitor are never kept', async () => {
    const { cache } = await setup();
    const ok = (init: ResponseInit) => new Response('x', init);
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'text/html' } }))).toBe(true);
    expect(cache.mayKeep(ok({ status: 404, headers: { 'content-type': 'text/html' } }))).toBe(true);
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'text/plain' } }), 'rsc')).toBe(true);
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'text/plain' } }), 'html')).toBe(false);
    // an RSC route payload may arrive without a type (the Node layer adds text/plain); a page never does
    const untyped = { status: 200, headers: new Headers(), body: 'x' };
    expect(cache.mayKeep(untyped, 'rsc')).toBe(true);
    expect(cache.mayKeep(untyped, 'html')).toBe(false);
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'application/json' } }), 'rsc')).toBe(false);
    // Workers marks streamed HTML `identity`; any real encoding is not what the cache keeps
    expect(
      cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'text/html', 'content-encoding': 'identity' } })),
    ).toBe(true);
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'text/html', 'content-encoding': 'br' } }))).toBe(
      false,
    );
    for (const status of [413, 429, 500, 503, 403, 303])
      expect(cache.mayKeep(ok({ status, headers: { 'content-type': 'text/html' } })), String(status)).toBe(false);
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } }))).toBe(
      false,
    );
    expect(cache.mayKeep(ok({ status: 200, headers: { 'content-type': 'application/json' } }))).toBe(false);
  });
});

describe('a speculative fetch (Sec-Purpose: prefetch)', () => {
  test('is told by its Sec-Purpose, whatever else it says', () => {
    for (const value of ['prefetch', 'prefetch;prerender', 'Prefetch; anonymous-client-ip'])
      expect(isSpeculative(value), value).toBe(true);
    for (const value of [null, undefined, '', 'prerendering', 'nonprefetch']) expect(isSpeculative(value)).toBe(false);
  });

  test('is answered from the kept page and counted as no visit: no hit, no view', async () => {
    const { cache, calls } = await setup();
    const page = html('<!doctype html><main>About us</main>');
    await cache.admit('about', page, page.body, { contentFailed: false, madeUp: false });
    const found = (await cache.lookup('about'))!;
    for (let index = 0; index < 3; index += 1) {
      const answer = await cache.answer(found, { ...facts('br'), speculative: true });
      expect(answer.status).toBe(200);
    }
    expect(cache.stats()).toMatchObject({ hits: 0, stale: 0, misses: 0 });
    expect(found.page.views).toBe(0);
    expect(calls).toEqual(['compress fast']); // three prefetches are not a page worth the best compression
    await cache.answer(found, facts('br'));
    expect(cache.stats()).toMatchObject({ hits: 1 });
  });
});

describe('one compressed copy kept', () => {
  /** A page like a course page: long, repetitive HTML (about 60 KB). */
  const coursePage = () =>
    html(
      `<!doctype html><main>${Array.from({ length: 400 }, (_, index) => `<li class="session">Session ${index}: Manama, ${1000 + ((index * 37) % 900)} USD</li>`).join('')}</main>`,
    );

  test('only br is kept; gzip and identity are made from it, byte for byte the page as rendered, and made once', async () => {
    const { cache, store, calls } = await setup();
    const page = coursePage();
    // a made-up page: a real one would be compressed again at the best level once asked for twice
    await cache.admit('course', page, page.body, { contentFailed: false, madeUp: true });
    const found = (await cache.lookup('course'))!;
    expect(found.page.encoding).toBe('br');
    expect(brotliDecompressSync(found.page.body)).toEqual(Buffer.from(page.body));
    expect(store.stats().bytes).toBeLessThan(page.body.byteLength / 4); // the page as rendered is not kept
    expect(calls).toEqual(['compress fast']);

    // the direct path has no gzip copy yet: the chain's path makes it
    expect(cache.answerNow(found, facts('gzip'))).toBeUndefined();
    const gzip = await cache.answer(found, facts('gzip'));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body!)).toEqual(Buffer.from(page.body));
    expect(gzip.headers['content-length']).toBe(String(gzip.body!.byteLength));
    const identity = await cache.answer(found, facts(null));
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(page.body);
    // each copy is made from the kept one: the page as rendered is not kept for a gzip client
    expect(calls).toEqual(['compress fast', 'decompress', 'gzip', 'decompress']);

    // later clients without br are answered from the copies, on the direct path too
    expect(cache.answerNow(found, facts('gzip, deflate'))?.body).toEqual(gzip.body);
    expect(cache.answerNow(found, facts('identity'))?.body).toEqual(page.body);
    expect(calls).toEqual(['compress fast', 'decompress', 'gzip', 'decompress']);
    expect(store.stats()).toMatchObject({ pages: 1, madeUp: 1, derivedCopies: 2 });
  });

  test('clients without br asking at once share one copy being made', async () => {
    const { cache, calls } = await setup();
    const page = coursePage();
    await cache.admit('course', page, page.body, { contentFailed: false, madeUp: true });
    const found = (await cache.lookup('course'))!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer(found, facts('gzip'))));
    for (const answer of answers) expect(answer.body).toBe(answers[0]!.body);
    expect(calls).toEqual(['compress fast', 'decompress', 'gzip']);
  });

  test('kept at the fast level; a real page asked for again gets the best one, a made-up page never', async () => {
    const { cache, store, calls } = await setup();
    const page = coursePage();
    await cache.admit('real', page, page.body, { contentFailed: false, madeUp: false });
    await cache.admit('search', page, page.body, { contentFailed: false, madeUp: true });
    expect(calls).toEqual(['compress fast', 'compress fast']);
    const brOf = async (key: string) => {
      const response = await cache.respond(
        (await cache.lookup(key))!,
        new Request('http://x/', { headers: { 'accept-encoding': 'br' } }),
        false,
      );
      const body = new Uint8Array(await response.arrayBuffer());
      // the length it announces is the length it sends, before and after the best copy replaces the fast one
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(brotliDecompressSync(body)).toEqual(Buffer.from(page.body));
      return body.length;
    };
    await brOf('real');
    await brOf('search');
    await brOf('real'); // the second view starts the best copy in the background
    await brOf('search');
    await expect.poll(async () => (await cache.lookup('real'))!.page.effort).toBe('best');
    await brOf('real'); // the next visitors get it
    for (let view = 0; view < 5; view += 1) await brOf('search');
    expect((await cache.lookup('search'))!.page.effort).toBe('fast');
    expect(calls).toEqual(['compress fast', 'compress fast', 'decompress', 'compress best']);
    expect(store.stats().pages).toBe(2);
  });
});

describe('best copies', () => {
  test('are made one at a time, in the order the pages asked, each replacing its fast copy', async () => {
    const codec = await nodePageCodec();
    const events: string[] = [];
    const store = new MemoryPageStore(10_000_000);
    const cache = new PageCache({
      store,
      ttlMs: 60_000,
      retryMs: 5000,
      pagePolicy: async () => "script-src 'self'",
      codec: {
        ...codec,
        compress: async (plain, effort) => {
          if (effort === 'fast') return codec.compress(plain, effort);
          events.push(`start ${new TextDecoder().decode(plain)}`);
          const best = await codec.compress(plain, effort);
          events.push(`end ${new TextDecoder().decode(plain)}`);
          return best;
        },
      },
    });
    const pages = ['<p>one</p>', '<p>two</p>', '<p>three</p>'];
    for (const text of pages) {
      const page = html(text);
      await cache.admit(text, page, page.body, { contentFailed: false, madeUp: false });
    }
    // each page's second view asks for its best copy; all three ask before the first is made
    for (let view = 0; view < 2; view += 1)
      for (const text of pages) await cache.answer((await cache.lookup(text))!, facts('br'));
    await expect.poll(() => events.length).toBe(6);
    expect(events).toEqual(pages.flatMap((text) => [`start ${text}`, `end ${text}`]));
    for (const text of pages) expect((await cache.lookup(text))!.page.effort).toBe('best');
  });
});

describe('made-up pages', () => {
  test('are worth keeping from their second render on; real pages from their first', async () => {
    const { cache } = await setup();
    expect(cache.worthKeeping('html /about', false)).toBe(true);
    expect(cache.worthKeeping('html /search?q=x', true)).toBe(false);
    expect(cache.worthKeeping('html /search?q=y', true)).toBe(false);
    expect(cache.worthKeeping('html /search?q=x', true)).toBe(true);
    // a flood of other made-up URLs pushes the first sight of one out of the bounded list
    for (let index = 0; index < 5000; index += 1) cache.worthKeeping(`html /search?q=flood-${index}`, true);
    expect(cache.worthKeeping('html /search?q=y', true)).toBe(false);
  });
});

describe('counted answers', () => {
  test('hits, stale answers and misses, and what the store holds', async () => {
    const { cache, advance } = await setup();
    expect(cache.stats().hitRate).toBeNull();
    const page = html('<p>x</p>');
    cache.missed();
    await cache.admit('k', page, page.body, { contentFailed: false, madeUp: false });
    for (let index = 0; index < 3; index += 1) await cache.answer((await cache.lookup('k'))!, facts('br'));
    advance(60_000);
    await cache.answer((await cache.lookup('k'))!, facts('br'));
    expect(cache.stats()).toMatchObject({ hits: 3, stale: 1, misses: 1, hitRate: 0.8, pages: 1, madeUp: 0 });
  });
});

describe('memory page store', () => {
  const page = (size: number, madeUp: boolean): StoredPage => ({
    status: 200,
    headers: [],
    body: new Uint8Array(size),
    encoding: 'br',
    effort: 'fast',
    views: 0,
    etag: 'W/"x"',
    storedAt: 0,
    madeUp,
  });

  test('stays within its bytes, dropping made-up pages before real ones, least recently used first', () => {
    const store = new MemoryPageStore(5 * (1000 + 256), { madeUpBytes: 5 * 1256 });
    store.put('/a', page(1000, false));
    store.put('/b', page(1000, false));
    for (let i = 0; i < 10; i += 1) store.put(`/search?q=${i}`, page(1000, true));
    expect(store.stats().bytes).toBeLessThanOrEqual(5 * 1256);
    expect(store.get('/a')).toBeDefined();
    expect(store.get('/b')).toBeDefined();
    expect(store.get('/search?q=9')).toBeDefined();
    expect(store.get('/search?q=0')).toBeUndefined();
    // real pages only go when nothing made up is left
    for (let i = 0; i < 5; i += 1) store.put(`/real-${i}`, page(1000, false));
    expect(store.stats()).toMatchObject({ madeUp: 0, realEvicted: 2 });
    expect(store.get('/a')).toBeUndefined(); // the least recently used real page
    expect(store.get('/real-4')).toBeDefined();
  });

  test('made-up pages keep to their own small area: a flood of them never pushes out a real page', () => {
    const store = new MemoryPageStore(100 * 1256, { madeUpBytes: 4 * 1256 });
    for (let i = 0; i < 50; i += 1) store.put(`/real-${i}`, page(1000, false));
    for (let i = 0; i < 1000; i += 1) store.put(`/no-such-page-${i}`, page(1000, true));
    expect(store.stats()).toMatchObject({ pages: 54, madeUp: 4, realEvicted: 0 });
    for (let i = 0; i < 50; i += 1) expect(store.get(`/real-${i}`)).toBeDefined();
    expect(store.get('/no-such-page-999')).toBeDefined();
    expect(store.get('/no-such-page-995')).toBeUndefined();
  });

  test('copies in another encoding keep to their own area, belong to one kept page, and go with it', () => {
    const store = new MemoryPageStore(100 * 1256, { derivedBytes: 3 * (1000 + 128) });
    const kept = page(1000, false);
    store.put('/a', kept);
    store.keepDerived('/a', kept, 'gzip', new Uint8Array(1000));
    expect(store.derived('/a', kept, 'gzip')).toHaveLength(1000);
    expect(store.derived('/a', kept, 'identity')).toBeUndefined();
    // a copy of a page no longer kept (replaced, dropped) is not kept, nor answered
    const older = page(1000, false);
    store.keepDerived('/a', older, 'identity', new Uint8Array(1000));
    expect(store.derived('/a', older, 'identity')).toBeUndefined();
    const replacement = page(900, false);
    store.put('/a', replacement);
    expect(store.derived('/a', replacement, 'gzip')).toBeUndefined();
    expect(store.stats()).toMatchObject({ derivedCopies: 0, derivedBytes: 0 });
    // the area's own bound: the least recently used copies go
    for (let i = 0; i < 5; i += 1) {
      const real = page(1000, false);
      store.put(`/p${i}`, real);
      store.keepDerived(`/p${i}`, real, 'identity', new Uint8Array(1000));
    }
    expect(store.stats().derivedCopies).toBe(3);
    expect(store.stats().derivedBytes).toBeLessThanOrEqual(3 * 1128);
  });

  test('when the whole is full, made-up pages go first, then copies in other encodings, then real pages', () => {
    const store = new MemoryPageStore(6 * 1256, { madeUpBytes: 2 * 1256, derivedBytes: 2 * 1256 });
    const kept = page(1000, false);
    store.put('/a', kept);
    store.keepDerived('/a', kept, 'identity', new Uint8Array(1000));
    store.put('/search?q=1', page(1000, true));
    store.put('/b', page(1000, false));
    store.put('/c', page(1000, false));
    store.put('/d', page(1000, false));
    expect(store.stats()).toMatchObject({ pages: 5, madeUp: 1, derivedCopies: 1, realEvicted: 0 });
    store.put('/e', page(1000, false));
    expect(store.stats()).toMatchObject({ madeUp: 0, derivedCopies: 1 });
    store.put('/f', page(1000, false));
    expect(store.stats()).toMatchObject({ madeUp: 0, derivedCopies: 0, realEvicted: 0 });
    store.put('/g', page(1000, false));
    expect(store.stats()).toMatchObject({ pages: 6, realEvicted: 1 });
    expect(store.get('/a')).toBeUndefined();
  });
});

describe('page keys', () => {
  const open: OriginRule = { siteUrl: undefined, siteHosts: [], trustedProxies: 0 };
  const key = (url: string, init?: RequestInit) => pageKey(new Request(`http://site.test${url}`, init), open)?.key;

  test('keep only the parameters a page reads, in a fixed order', () => {
    expect(key('/about?utm_source=x')).toBe(key('/about'));
    expect(key('/search?page=2&q=lead&utm=1')).toBe('html http://site.test/search?q=lead&page=2');
    expect(key('/contact-us?trainingFor=team&message=hi&x=1')).toBe(
      'html http://site.test/contact-us?message=hi&trainingFor=team',
    );
    expect(key('/subCourse-details/a?b=1')).toBe('html http://site.test/subCourse-details/a');
    // every page of the route table is known, also one that reads no parameter or one only
    expect(key('/privacy-policy?b=2&a=1')).toBe('html http://site.test/privacy-policy');
    expect(key('/register?utm=1&session=pmp%2F1')).toBe('html http://site.test/register?session=pmp%2F1');
    // a path the table does not know keeps every parameter
    expect(key('/no-such-page?b=2&a=1')).toBe('html http://site.test/no-such-page?a=1&b=2');
    expect(pageKey(new Request('http://127.0.0.1/search?q=x'), open)?.madeUp).toBe(true);
    expect(pageKey(new Request('http://127.0.0.1/search'), open)?.madeUp).toBe(false);
    // a list's page number alone names a real page (one past the list answers 404, kept as made up)
    expect(pageKey(new Request('http://127.0.0.1/upcoming-training-course-details/101?page=3'), open)?.madeUp).toBe(
      false,
    );
    expect(pageKey(new Request('http://127.0.0.1/sitemap?page=2'), open)?.madeUp).toBe(false);
    expect(pageKey(new Request('http://127.0.0.1/search?q=x&page=2'), open)?.madeUp).toBe(true);
    expect(pageKey(new Request('http://127.0.0.1/search?page=2'), open)?.madeUp).toBe(true);
    expect(pageKey(new Request('http://127.0.0.1/about?page=2'), open)?.madeUp).toBe(false); // not read: no key part
  });

  test('the key holds the origin the page names: a forwarded host is in it, or named nowhere', () => {
    const forged = (rule: OriginRule) =>
      pageKey(
        new Request('http://127.0.0.1:8080/about', {
          headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        }),
        rule,
      );
    // behind a trusted proxy with nothing configured, the forwarded origin is what the page names: so is the key
    expect(forged({ ...open, trustedProxies: 1 })).toEqual({
      key: 'html https://evil.example/about',
      kind: 'html',
      madeUp: true, // a host the site does not know it serves
    });
    // SITE_URL: every host shares the one page
    expect(forged({ ...open, trustedProxies: 1, siteUrl: 'https://www.example.com' })?.key).toBe(
      'html https://www.example.com/about',
    );
    // SITE_HOSTS: an unlisted host is keyed (and named) as the first listed one
    const hosts = { ...open, trustedProxies: 1, siteHosts: ['www.example.com', 'example.com'] };
    expect(forged(hosts)).toEqual({ key: 'html https://www.example.com/about', kind: 'html', madeUp: false });
  });

  test('RSC navigation payloads are keyed by their page, query and skip list', () => {
    const rsc = key('/RSC/R/search.txt?query=q%3Dlead%26utm%3D1', { headers: { 'x-waku-router-skip': '[]' } });
    expect(rsc).toBe('rsc http://site.test/search?q=lead skip=[]');
    expect(key('/RSC/R/_root.txt?query=')).toBe('rsc http://site.test/ skip=');
  });

  test('never keys posts, actions, the server’s own files, API routes or assets', () => {
    expect(key('/contact-us', { method: 'POST', body: 'x' })).toBeUndefined();
    for (const url of ['/healthz', '/api/x', '/assets/a.js', '/RSC/F/abc/x.txt']) expect(key(url), url).toBeUndefined();
    for (const url of ['/robots.txt', '/sitemap.xml', '/calendar/pmp/1.ics', '/_img/640/sig/address']) {
      expect(key(url), url).toBeUndefined();
    }
    expect(key('/healthz/x')).toBeDefined(); // a 404 page like any unknown path
  });

  test('the encoding follows Accept-Encoding', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(null)).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
  });
});
