// Issue 28: the next page before the click. The layout's speculation rules (src/lib/speculation-rules.ts) let
// the browser fetch a page of the site as soon as a visitor points at a link to it; the click is then answered
// from what it fetched. Chromium reports its speculative fetches on the DevTools protocol's Preload domain.
import type { CDPSession } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startPair } from './support/servers';

const site = () => process.env.SITE_URL!;

type Prefetch = { url: string; status: string };

/** Every speculative fetch Chromium reports for the page, by address, with its latest status. */
async function watchPrefetches(cdp: CDPSession): Promise<Map<string, Prefetch>> {
  const prefetches = new Map<string, Prefetch>();
  await cdp.send('Preload.enable');
  cdp.on('Preload.prefetchStatusUpdated', (event) => {
    prefetches.set(event.prefetchUrl, { url: event.prefetchUrl, status: event.status });
  });
  return prefetches;
}

test.describe('speculation rules at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('pointing at a course link fetches that page before the click, and the click uses it', async ({
    page,
    context,
  }) => {
    const cdp = await context.newCDPSession(page);
    const prefetches = await watchPrefetches(cdp);
    await page.goto(`${site()}/`);
    const link = page.locator('main a[href^="/subCourse-details/"], main a[href*="-course-details/"]').first();
    await link.scrollIntoViewIfNeeded();
    const href = new URL((await link.getAttribute('href'))!, site()).href;
    expect(prefetches.has(href)).toBe(false); // nothing is fetched ahead before the visitor points at it

    await link.hover();
    await expect.poll(() => prefetches.get(href)?.status).toBe('Ready');

    await link.click();
    await page.waitForURL(href);
    await expect.poll(() => prefetches.get(href)?.status).toBe('Success');
  });

  test('a search, a registration form, a brochure or a calendar file is never fetched ahead', async ({
    page,
    context,
  }) => {
    const cdp = await context.newCDPSession(page);
    const prefetches = await watchPrefetches(cdp);
    await page.goto(`${site()}/`);
    const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? '{}') as {
      prefetch: { where: { and: [{ href_matches: string[] }] } }[];
    };
    const patterns = rules.prefetch[0]!.where.and[0].href_matches;
    expect(patterns).toContain('/subCourse-details/:slug');
    for (const never of ['/search', '/register', '/brochure', '/calendar', '/quotation', '/_img', '/healthz'])
      expect(patterns.filter((pattern) => pattern.startsWith(never))).toEqual([]);

    // pointing at links to them starts nothing; pointing at a page's link then does (the control). The links
    // are added once the page has hydrated, so React does not take them back
    await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const footer = document.querySelector('footer')!;
      for (const href of ['/search?q=leadership', '/register?session=x', '/brochure/x.pdf', '/calendar/x/1.ics']) {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = href;
        link.className = 'speculation-probe';
        link.style.display = 'block';
        footer.prepend(link);
      }
    });
    for (const link of await page.locator('a.speculation-probe').all()) {
      await link.hover();
      // held past Chromium's 200 ms hover delay for `moderate`, so a link the rules matched would be fetched
      // (a slow machine can only make this check pass for the wrong reason, never fail it)
      await page.waitForTimeout(300);
    }
    const about = page.locator('footer a[href="/about"]').first();
    await about.hover();
    await expect.poll(() => [...prefetches.values()]).toEqual([{ url: `${site()}/about`, status: 'Ready' }]);
  });
});

test.describe('a speculative request leaves no trace', () => {
  // a site of its own: the shared one's page cache counts the visits of tests running in the other worker
  let pair: Awaited<ReturnType<typeof startPair>>;
  test.beforeAll(async () => {
    pair = await startPair();
  });
  test.afterAll(async () => {
    await pair.stop();
  });
  const ownSite = () => pair.site.url;
  type Counts = { hits: number; stale: number; misses: number };
  const counts = async (): Promise<Counts> => {
    const health = (await (await fetch(`${ownSite()}/healthz`)).json()) as { pageCache: Counts };
    const { hits, stale, misses } = health.pageCache;
    return { hits, stale, misses };
  };
  const prefetch = (path: string) =>
    fetch(`${ownSite()}${path}`, { headers: { 'sec-purpose': 'prefetch', 'accept-encoding': 'br' } });

  test('answered from the page cache when kept, it counts as no hit, miss or visit', async () => {
    // a kept page (asked for until it is)
    await expect
      .poll(async () => (await fetch(`${ownSite()}/about`)).headers.get('x-page-cache'), { intervals: [100] })
      .toBe('hit');
    const before = await counts();
    const answers = await Promise.all([prefetch('/about'), prefetch('/about'), prefetch('/gallery?from=hover')]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers[0]!.headers.get('x-page-cache')).toBe('hit'); // from the page cache
    expect(await counts()).toEqual(before);
  });

  test('a made-up address it asks for is not a first sight: kept only from its second real visit', async () => {
    const search = `/search?q=${encodeURIComponent(`negotiation ${Date.now()}`)}`;
    for (let index = 0; index < 3; index += 1)
      expect((await prefetch(search)).headers.get('x-page-cache')).toBe('miss');
    // the first real visit is a miss that keeps nothing, the second is kept, the third is answered from it
    const visits = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${ownSite()}${search}`);
      await response.arrayBuffer();
      visits.push(response.headers.get('x-page-cache'));
      // the copy is kept once the render has ended: the next visit waits for it
      if (index === 1)
        await expect
          .poll(async () => (await fetch(`${ownSite()}${search}`, { method: 'HEAD' })).headers.get('x-page-cache'))
          .toBe('hit');
    }
    expect(visits).toEqual(['miss', 'miss', 'hit']);
  });
});
