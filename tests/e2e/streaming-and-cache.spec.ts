// Issue 2's promises about the production server: it streams the shell before slow admin data, it asks
// the admin once per call however many visitors arrive, and it keeps serving content when the admin dies.
import { expect, test } from '@playwright/test';
import { streamPage } from './support/read-chunks';
import { startPair } from './support/servers';

test.describe('streaming', () => {
  test('the first chunk holds the header and the hero skeleton; the hero title arrives later', async () => {
    // every admin answer waits at a gate the test opens: what arrives before that is what the browser has
    // before the admin answers
    const pair = await startPair({ faults: [{ path: '*', mode: 'held' }] });
    try {
      const heroTitle = /<h1[^>]*id="hero-title"[^>]*>/;
      const stream = streamPage(`${pair.site.url}/`);
      expect(await stream.status).toBe(200);
      const early = await stream.until((html) => html.includes('data-skeleton="hero"') && html.includes('About Us'));
      expect(early).toContain('<header');
      expect(early).not.toMatch(heroTitle);
      pair.admin.release();
      expect(await stream.whole).toMatch(heroTitle);
    } finally {
      await pair.stop();
    }
  });
});

test.describe('cache', () => {
  test('50 concurrent page requests make exactly one admin request per call', async () => {
    const pair = await startPair();
    try {
      pair.admin.setFaults([{ path: '*', delayMs: 300 }]);
      pair.admin.resetCounts();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${pair.site.url}/`).then((res) => res.text())),
      );
      expect(responses.every((html) => html.includes('id="hero-title"'))).toBe(true);
      const counts = pair.admin.requestCounts();
      expect(Object.keys(counts).length).toBeGreaterThan(0);
      for (const [path, count] of Object.entries(counts)) expect(count, path).toBe(1);

      // and again within the 60 s: still one
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${pair.site.url}/`).then((res) => res.text())));
      for (const [path, count] of Object.entries(pair.admin.requestCounts())) expect(count, path).toBe(1);
    } finally {
      await pair.stop();
    }
  });

  test('with the admin down after a first load, the page still renders the cached content', async ({ page }) => {
    const pair = await startPair({
      env: { CONTENT_CACHE_TTL_MS: '500', CONTENT_RETRY_MS: '100', ADMIN_TIMEOUT_MS: '1000' },
    });
    try {
      await page.goto(`${pair.site.url}/`);
      const title = await page.locator('main #hero-title').textContent();
      expect(title).toBeTruthy();

      await pair.admin.close();
      await new Promise((resolve) => setTimeout(resolve, 700)); // past the cache TTL
      for (let i = 0; i < 3; i += 1) {
        await page.goto(`${pair.site.url}/`);
        await expect(page.locator('main #hero-title')).toHaveText(title!);
      }
      // said by the background refresh of a stale copy, which may end after the page has been answered
      await expect.poll(() => pair.site.output()).toContain('serving the copy from');
    } finally {
      await pair.stop();
    }
  });
});
