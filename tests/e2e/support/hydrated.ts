import { expect, type Page } from '@playwright/test';

/**
 * Waits until every streamed section has arrived (no skeleton is `aria-busy` any more) and the page has
 * hydrated (the layout's menu marks itself `data-enhanced` once React has run the document, one root).
 * Cheaper than `networkidle`, which also waits for 500 ms of silence after the last lazy picture.
 */
export async function whenHydrated(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' });
}
