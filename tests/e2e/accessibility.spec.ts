// axe (WCAG 2.2 A/AA) on every route, on a desktop and a phone, plus the keyboard basics every page shares.
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';
import { whenHydrated } from './support/hydrated';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';

// plus the empty states and the 404
const ROUTES = [...SITE_ROUTES, '/upcoming-training-course-details/112', '/search?q=zzzzqqq', '/no-such-page'];

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test.describe(`${viewport.name} ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every route has no axe violations, one h1 and its own title', async ({ page }) => {
      test.setTimeout(300_000); // every route, hydrated, with axe: about 100 s with one core busy
      const titles = new Map<string, string>();
      for (const route of [...ROUTES, ...(await subCourseRoutes())]) {
        await page.goto(route);
        await whenHydrated(page);
        expect(await axeViolations(page), route).toEqual([]);
        await expect(page.locator('h1'), route).toHaveCount(1);
        await expect(page.locator('main'), route).toHaveCount(1);
        const title = await page.title();
        expect(title, route).not.toBe('');
        titles.set(route, title);
      }
      // pages of different things have different titles
      expect(titles.get('/about')).not.toBe(titles.get('/gallery'));
      expect(titles.get('/')).not.toBe(titles.get('/contact-us'));
    });
  });
}

test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /skip to main content/i });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
