import type { Page } from '@playwright/test';

/**
 * Waits until the page has hydrated: the layout's menu marks itself `data-enhanced` once React runs it, and
 * the whole document hydrates as one root. Cheaper than `networkidle`, which waits for 500 ms of silence
 * after the last lazy picture as well.
 */
export async function whenHydrated(page: Page) {
  await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' });
}
