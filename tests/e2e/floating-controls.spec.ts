// Issue 29: the floating contact button and the social links never hide what a visitor must read or press.
// At 375 px the social links stay in the page; every control reached with Tab on a course page, the
// registration form and the home page ends up clear of the floating button (WCAG 2.4.11, focus not obscured).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { numberOfDelegates } from './support/form-reached';

test.use({ viewport: { width: 375, height: 812 } });

const SLUG = 'pmp-exam-preparation-bootcamp';

/** Tab through the page; for each focused control, whether a fixed control other than its own covers it. */
async function focusUnderFloatingControls(page: Page, presses = 90): Promise<string[]> {
  const covered: string[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const finding = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const rect = focused.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      const floating = [...document.querySelectorAll<HTMLElement>('aside *, aside')].filter(
        (element) => getComputedStyle(element).position === 'fixed' && !element.contains(focused),
      );
      for (const element of floating) {
        const box = element.getBoundingClientRect();
        const overlaps =
          rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
        if (overlaps)
          return `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 40)}" under ${element.className}`;
      }
      return null;
    });
    if (finding) covered.push(finding);
  }
  return covered;
}

test('the social links stay in the page at 375 px, a row at its end', async ({ page }) => {
  await page.goto(`/subCourse-details/${SLUG}`);
  const bar = page.getByRole('complementary', { name: 'Social media' });
  await expect(bar).toBeAttached();
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
});

for (const route of ['/', `/subCourse-details/${SLUG}`, 'register'] as const) {
  test(`${route}: no control reached with Tab is under the floating contact button`, async ({ page }) => {
    test.setTimeout(90_000);
    if (route === 'register') {
      await page.goto(`/subCourse-details/${SLUG}`);
      await page
        .getByRole('link', { name: /^Register\b/ })
        .first()
        .click();
      await numberOfDelegates(page);
    } else {
      await page.goto(route);
    }
    await page.locator('aside[aria-label="Quick contact"] > [data-enhanced]').waitFor({ state: 'attached' });
    expect(await focusUnderFloatingControls(page)).toEqual([]);
  });
}
