// Without JavaScript every section with data still shows its content, not its skeleton: React reveals
// streamed sections with a script, so sections render in place when their (cached) data is ready.
import { expect, test } from './support/fixtures';

test.use({ javaScriptEnabled: false });

const ROUTES = [
  '/',
  '/about',
  '/conferences',
  '/gallery',
  '/learning-solutions',
  '/contact-us',
  '/upcoming-training-course-details/101',
];

test('no skeleton is left on any page once its data is cached', async ({ page, request }) => {
  for (const route of ROUTES) {
    await request.get(route); // warm the content cache, as any earlier visitor would have
    await page.goto(route);
    await expect(page.locator('[aria-busy="true"]'), route).toHaveCount(0);
    await expect(page.locator('[data-skeleton]'), route).toHaveCount(0);
  }
});

test('the home sections, the settings-driven layout parts and the gallery tiles are there', async ({
  page,
  request,
}) => {
  await request.get('/');
  await page.goto('/');
  const main = page.locator('main');
  await expect(main.locator('#hero-title')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Upcoming Training events' })).toBeVisible();
  expect(await main.getByRole('link', { name: /SEE MORE/ }).count()).toBeGreaterThan(12);
  await expect(page.locator('header img').first()).toBeVisible(); // the logo from the settings
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /linkedin/i })).toHaveCount(1);
  await expect(page.getByRole('complementary', { name: 'Social media' }).getByRole('link')).toHaveCount(4);

  await request.get('/gallery');
  await page.goto('/gallery');
  await expect(main.getByRole('listitem')).toHaveCount(16);
});
