// Issue 28: back and forward stay instant. `/`, a sub-course page and `/contact-us` are restored from the
// browser's back/forward cache (no unload handler, no `no-store` on public pages, nothing open on pagehide).
// Playwright launches Chromium with that cache turned off (`--disable-back-forward-cache`), so this spec
// launches its own Chromium without that switch, and the full browser: Chromium's headless shell, which the
// other specs use, has no back/forward cache. A restore is told by the page itself: `pageshow` with
// `persisted`, the page's own state still there, and no second `load`.
import { chromium, type Browser } from '@playwright/test';
import { findChromium, launchOptionsFor } from '../../scripts/find-chromium.mjs';
import { expect, test } from './support/fixtures';
import { subCourseRoutes } from './support/routes';

const site = () => process.env.SITE_URL!;

let browser: Browser;
test.beforeAll(async () => {
  const launchOptions = launchOptionsFor(await findChromium(), { fullBrowser: true });
  browser = await chromium.launch({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
});
test.afterAll(() => browser?.close());

/** Counts the page's own `load` events and bfcache restores in the page's window (kept by a restore). */
const COUNT_LOADS_AND_RESTORES = () => {
  const counts = { loads: 0, restores: 0 };
  Object.assign(window, { __navigationCounts: counts });
  addEventListener('load', () => (counts.loads += 1));
  addEventListener('pageshow', (event) => {
    if (event.persisted) counts.restores += 1;
  });
};

for (const route of ['/', 'a sub-course page', '/contact-us']) {
  test(`${route} is restored from the back/forward cache, with no new load`, async () => {
    const address = route === 'a sub-course page' ? (await subCourseRoutes())[0]! : route;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(COUNT_LOADS_AND_RESTORES);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.enable');
      const notRestored: string[] = [];
      cdp.on('Page.backForwardCacheNotUsed', (event) =>
        notRestored.push(...event.notRestoredExplanations.map((reason) => `${reason.type}: ${reason.reason}`)),
      );

      await page.goto(`${site()}${address}`, { waitUntil: 'load' });
      // the page's scripts ran (hydration) before it is left, as a visitor's would have
      await expect(page.locator('header')).toBeVisible();
      await page.waitForFunction(() => document.readyState === 'complete');
      await page.goto(`${site()}/about`, { waitUntil: 'load' });
      await page.goBack({ waitUntil: 'commit' });

      await expect
        .poll(() =>
          page.evaluate(
            () => (window as unknown as { __navigationCounts?: { restores: number } }).__navigationCounts?.restores,
          ),
        )
        .toBe(1);
      expect(notRestored, 'why the back/forward cache was not used').toEqual([]);
      const counts = await page.evaluate(
        () => (window as unknown as { __navigationCounts: { loads: number; restores: number } }).__navigationCounts,
      );
      expect(counts).toEqual({ loads: 1, restores: 1 });
      expect(new URL(page.url()).pathname).toBe(new URL(`${site()}${address}`).pathname);
    } finally {
      await context.close();
    }
  });
}
