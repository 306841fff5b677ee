// A real owner's site: the shared e2e site runs against an admin whose images live on another origin than
// its API and speaks for another provider than the demo's, with SITE_NAME and the rest of its identity set
// (support/servers.ts). On every screen: nothing of the demo provider, every image shown, no CSP violation.
import { DEMO_SITE_IDENTITY } from '../../scripts/demo-admin/identity.mjs';
import { expect, test } from './support/fixtures';
import { SITE_NAME } from './support/identity';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';
import { startPair } from './support/servers';

/** What would show that the demo provider's identity leaked: its name, its address, its hours, its e-mail. */
const DEMO_TEXTS = [
  /dilmun/i,
  ...DEMO_SITE_IDENTITY.SITE_ADDRESS.split('|')
    .map((line) => line.trim())
    .filter((line) => !/^Manama, Kingdom of Bahrain$/.test(line)) // the test provider is in Manama too
    .map((line) => new RegExp(line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
  new RegExp(DEMO_SITE_IDENTITY.SITE_OPENING_HOURS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /demo\.example/,
];

test('the shared site is set up as a real owner would run it', async () => {
  const admin = new URL(process.env.ADMIN_ORIGIN ?? '');
  const media = new URL(process.env.MEDIA_ORIGIN ?? '');
  expect(media.origin).not.toBe(admin.origin);
  const settings = (await (await fetch(`${admin.origin}/api/setting/content`)).json()) as { data: { logo: string } };
  expect(new URL(settings.data.logo).origin).toBe(media.origin);
  // the API's origin has no images: a site that assumed so would show broken ones
  expect((await fetch(`${admin.origin}${new URL(settings.data.logo).pathname}`)).status).toBe(404);
});

test('every screen: no demo identity, every image loaded, no CSP violation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const consoleProblems: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) consoleProblems.push(message.text());
  });

  for (const route of [...SITE_ROUTES, ...(await subCourseRoutes()), '/no-such-page']) {
    consoleProblems.length = 0;
    await page.goto(route, { waitUntil: 'load' });
    expect(await page.title(), route).toContain(SITE_NAME);

    const html = await page.content();
    for (const pattern of DEMO_TEXTS) expect(html, `${route} shows ${pattern}`).not.toMatch(pattern);

    // lazy images load only near the viewport: ask for each one now, then wait for all of them
    const images = await page.evaluate(async () => {
      const all = [...document.images];
      for (const image of all) image.loading = 'eager';
      await Promise.all(
        all.map((image) =>
          image.complete
            ? undefined
            : new Promise((resolve) => {
                image.addEventListener('load', resolve, { once: true });
                image.addEventListener('error', resolve, { once: true });
              }),
        ),
      );
      return all.map((image) => ({ src: image.currentSrc || image.src, width: image.naturalWidth }));
    });
    for (const image of images) expect(image.width, `${route}: ${image.src} did not load`).toBeGreaterThan(0);

    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations, route).toEqual([]);
    expect(consoleProblems, route).toEqual([]);
  }
});

test('with no identity configured the site names its domain and shows no address, never the demo', async ({ page }) => {
  const unset = { SITE_NAME: '', SITE_ADDRESS: '', SITE_OPENING_HOURS: '', SITE_PHONE: '', SITE_EMAIL: '' };
  const pair = await startPair({ env: unset });
  try {
    await page.goto(`${pair.site.url}/contact-us`);
    expect(await page.title()).toBe('Contact Us | 127.0.0.1');
    await expect(page.getByRole('main').locator('address')).toHaveText('127.0.0.1');
    await expect(page.getByRole('contentinfo')).toContainText('127.0.0.1');
    const html = await page.content();
    for (const pattern of DEMO_TEXTS) expect(html, `shows ${pattern}`).not.toMatch(pattern);
    expect(html).not.toContain(SITE_NAME);
  } finally {
    await pair.stop();
  }
});
