// Issue 10 on the Node server: a kept page is served without rendering again, refreshed once per TTL in
// the background (a content change reaches visitors within the TTL plus one render), kept through admin
// failures (stale-if-error), never kept when it belongs to one visitor; and with a 2 000-course catalogue the
// admin's load stays bounded while search still finds every course.
import { expect, test } from '@playwright/test';
import { startPair } from './support/servers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, cache: response.headers.get('x-page-cache'), html: await response.text() };
}

/** GET until the page cache answers with a page it has kept (`hit`), and return that answer. */
async function untilHit(url: string) {
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const answer = await get(url);
    if (answer.cache === 'hit') return answer;
    await sleep(100);
  }
  throw new Error(`${url} was never answered from the page cache`);
}

test.describe('the page cache', () => {
  test('a second request is answered from the cache; RSC navigation payloads too', async () => {
    const pair = await startPair();
    try {
      expect((await get(`${pair.site.url}/about`)).cache).toBe('miss');
      const kept = await untilHit(`${pair.site.url}/about`);
      expect(kept.status).toBe(200);
      pair.admin.resetCounts();
      for (let i = 0; i < 20; i += 1) expect((await get(`${pair.site.url}/about?utm_source=${i}`)).cache).toBe('hit');
      // (the search index's background crawl may be calling meanwhile; the page's own content is not asked for)
      const counts = pair.admin.requestCounts();
      expect(counts['/about-us/content'] ?? 0).toBe(0);
      expect(counts['/setting/content'] ?? 0).toBe(0);

      const rsc = `${pair.site.url}/RSC/R/about.txt`;
      const first = await fetch(rsc);
      expect(first.headers.get('content-type')).toMatch(/^text\/plain/); // how Waku 0.27 sends RSC payloads
      await first.text();
      expect((await untilHit(rsc)).html).toContain('About');
    } finally {
      await pair.stop();
    }
  });

  test('a content change reaches visitors within the TTL plus one render', async () => {
    const pair = await startPair({ env: { CONTENT_CACHE_TTL_MS: '1000', CONTENT_RETRY_MS: '200' } });
    try {
      const url = `${pair.site.url}/about`;
      const before = await untilHit(url);
      expect(before.html).not.toContain('About us, as edited');
      pair.admin.editContent('/about-us/content', (data) => ({ ...data, title: 'About us, as edited' }));
      await sleep(1100); // the TTL has passed
      const stale = await get(url);
      expect(stale.cache).toBe('stale'); // answered at once with the old page, while one render refreshes it
      expect(stale.html).not.toContain('About us, as edited');
      // the very next kept page carries the change: the refresh asked the admin, not the content cache's copy
      const refreshed = await untilHit(url);
      expect(refreshed.html).toContain('About us, as edited');
    } finally {
      await pair.stop();
    }
  });

  test('while the admin fails, the last good page is served, never a failure message; then it recovers', async () => {
    const pair = await startPair({
      env: { CONTENT_CACHE_TTL_MS: '800', CONTENT_RETRY_MS: '200', ADMIN_TIMEOUT_MS: '500' },
    });
    try {
      const url = `${pair.site.url}/about`;
      const good = await untilHit(url);
      const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(good.html)?.[1];
      expect(title).toBeTruthy();
      pair.admin.setFaults([{ path: '*', status: 500 }]);
      await sleep(900);
      for (let i = 0; i < 8; i += 1) {
        const answer = await get(url);
        expect(answer.status).toBe(200);
        expect(answer.cache).toBe('stale');
        expect(answer.html).toContain(`>${title}</h1>`);
        expect(answer.html).not.toContain('could not be loaded');
        await sleep(250);
      }
      pair.admin.resetFaults();
      pair.admin.editContent('/about-us/content', (data) => ({ ...data, title: 'Back after the outage' }));
      await expect
        .poll(async () => (await get(url)).html.includes('Back after the outage'), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await pair.stop();
    }
  });

  test('what belongs to one visitor is never kept: form posts, and pages rendered for them', async () => {
    const pair = await startPair();
    try {
      const url = `${pair.site.url}/contact-us`;
      await untilHit(url);
      const form = new FormData();
      form.set('firstName', 'Only for me');
      const posted = await fetch(url, { method: 'POST', body: form, headers: { origin: pair.site.url } });
      expect(posted.headers.get('x-page-cache')).toBeNull(); // the cache never answers or keeps a post
      await posted.text();
      const after = await get(url);
      expect(after.cache).toBe('hit');
      expect(after.html).not.toContain('Only for me');
    } finally {
      await pair.stop();
    }
  });
});

test.describe('a 2 000-course catalogue', () => {
  test.describe.configure({ timeout: 120_000 });

  test('browsing costs the admin a bounded number of calls, made-up slugs do not each reach it, and search finds every course', async () => {
    // a minute scaled down 20 times: TTL 3 s, and the index's pace (180 calls a minute) scaled alike
    const pair = await startPair({
      courses: 2000,
      env: {
        CONTENT_CACHE_TTL_MS: '3000',
        SEARCH_INDEX_CALLS_PER_MINUTE: '3600',
        SEARCH_INDEX_CONCURRENCY: '4',
        UNKNOWN_SLUG_CALLS_PER_MINUTE: '5',
      },
    });
    try {
      const solutions = await (await fetch(`${pair.admin.url}/learning-solution/content`)).json();
      const lastCategory = solutions.data.at(-1);
      const category = await (
        await fetch(`${pair.admin.url}/learning-solution-training/details/${lastCategory.id}`)
      ).json();
      const lastCourse = category.data.training_course.at(-1);

      // search finds the last course of the catalogue once the index has read the categories
      await expect
        .poll(
          async () =>
            (await get(`${pair.site.url}/search?q=${encodeURIComponent(lastCourse.title)}`)).html.includes(
              `/subCourse-details/${lastCourse.slug}`,
            ),
          { timeout: 30_000 },
        )
        .toBe(true);

      const pages = [
        '/',
        '/about',
        '/learning-solutions',
        `/learning-solutions-course-details/${lastCategory.id}`,
        ...category.data.training_course
          .slice(0, 10)
          .map((course: { slug: string }) => `/subCourse-details/${course.slug}`),
        '/search?q=budget',
      ];
      for (const path of pages) await get(`${pair.site.url}${path}`); // first visits

      pair.admin.resetCounts();
      const started = Date.now();
      let made = 0;
      // at least two scaled minutes (TTLs), and enough made-up addresses to exceed their budget
      while (Date.now() - started < 6000 || made < 20) {
        for (const path of pages) expect((await get(`${pair.site.url}${path}`)).status).toBe(200);
        for (let i = 0; i < 4; i += 1) {
          made += 1;
          expect((await get(`${pair.site.url}/subCourse-details/made-up-${made}`)).status).toBe(404);
        }
      }
      const scaledMinutes = (Date.now() - started) / 3000;
      const counts = pair.admin.requestCounts();
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      // per scaled minute: the crawl's 180 calls plus each page's own refresh, far below the catalogue's size
      expect(total / scaledMinutes).toBeLessThanOrEqual(300);
      const madeUpCalls = Object.keys(counts).filter((path) => path.includes('/made-up-')).length;
      expect(madeUpCalls).toBeLessThanOrEqual(5 * Math.ceil((Date.now() - started) / 60_000));

      // the crawl alone never has more than 4 calls open at once
      pair.admin.resetCounts();
      await sleep(1500);
      expect(pair.admin.totalRequests()).toBeGreaterThan(0);
      expect(pair.admin.mostInFlight()).toBeLessThanOrEqual(4);
    } finally {
      await pair.stop();
    }
  });
});
