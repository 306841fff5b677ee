// The shared layout: header, footer, contact block,
// social bar, the 404 page, the search form with and without JavaScript, and a layout that survives a
// failing settings call.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SITE_NAME } from './support/identity';
import { startPair, type FaultRule } from './support/servers';
import { streamPage } from './support/read-chunks';

type Settings = Record<
  'logo' | 'phone' | 'messenger' | 'whatsapp' | 'facebook' | 'instagram' | 'twitter' | 'linkedin',
  string
>;

async function adminSettings(): Promise<Settings> {
  const response = await fetch(`${process.env.ADMIN_ORIGIN}/api/setting/content`);
  const body = (await response.json()) as { data: Settings };
  return body.data;
}

/** The year the footer should show: this year in Bahrain, the site's time zone (worked out apart from the site's code). */
function thisYearInBahrain(): string {
  return new Intl.DateTimeFormat('en', { timeZone: 'Asia/Bahrain', year: 'numeric' }).format(new Date());
}

const NAV = [
  ['/about', 'About Us'],
  ['/learning-solutions', 'Learning Solutions'],
  ['/conferences', 'Conferences/Summits'],
  ['/destination-training', 'Destination Training'],
  ['/consultations', 'Consultations'],
  ['/gallery', 'Gallery'],
] as const;

async function linkList(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((links) =>
    links.map((link) => ({
      name: link.getAttribute('aria-label') ?? link.textContent?.trim(),
      href: link.getAttribute('href'),
      target: link.getAttribute('target'),
      rel: link.getAttribute('rel'),
    })),
  );
}

test.describe('desktop layout (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('header: the logo from the settings links home, the six links in order, the search box', async ({ page }) => {
    const settings = await adminSettings();
    await page.goto('/about');
    const header = page.getByRole('banner');

    const logoLink = header.getByRole('link', { name: `${SITE_NAME} home` });
    await expect(logoLink).toHaveAttribute('href', '/');
    await expect(logoLink.locator('img')).toHaveAttribute('src', settings.logo);

    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    const links = nav.getByRole('link');
    await expect(links).toHaveText(NAV.map(([, label]) => label));
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(NAV.map(([href]) => href));

    const search = header.getByRole('searchbox', { name: 'Search courses' });
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('placeholder', 'Search...');
    await expect(search).toHaveCSS('max-width', '170px');
    expect((await search.boundingBox())!.width).toBeLessThanOrEqual(170);

    // the mobile controls are not shown on desktop
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Search', exact: true }).first()).toBeVisible(); // the box's submit
  });

  test('footer: © the current year in Bahrain, the domain, the legal texts and the follow-us links from the settings', async ({
    page,
  }) => {
    const settings = await adminSettings();
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${thisYearInBahrain()}`);
    await expect(footer).toContainText('127.0.0.1'); // the host the visitor asked for (SITE_DOMAIN unset)
    await expect(footer).toContainText('All rights reserved');
    await expect(footer).toContainText('Privacy Policy');
    await expect(footer).toContainText('Sitemap');
    await expect(footer.getByRole('heading', { name: 'Follow us' })).toBeVisible();

    expect(await linkList(page, 'footer [data-network]')).toEqual(
      (['facebook', 'twitter', 'instagram', 'linkedin'] as const).map((key) => ({
        name: `${{ facebook: 'Facebook', twitter: 'X (Twitter)', instagram: 'Instagram', linkedin: 'LinkedIn' }[key]} (opens in a new tab)`,
        href: settings[key],
        target: '_blank',
        rel: 'noopener noreferrer',
      })),
    );
  });

  test('contact block: phone, WhatsApp and Messenger from the settings, and Contact Us', async ({ page }) => {
    const settings = await adminSettings();
    await page.goto('/about');
    const block = page.getByRole('region', { name: 'Plan your team’s next training' });
    await expect(block).toBeVisible();
    await expect(block.getByRole('link', { name: 'Call +973 1700 0000' })).toHaveAttribute('href', settings.phone);
    await expect(block.getByRole('link', { name: /^Chat on WhatsApp/ })).toHaveAttribute('href', settings.whatsapp);
    await expect(block.getByRole('link', { name: /^Message us on Messenger/ })).toHaveAttribute(
      'href',
      settings.messenger,
    );
    await expect(block).toContainText('Manama, Kingdom of Bahrain');
    await expect(block.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    // the block sits between the page and the footer
    const order = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const block = document.querySelector('section[aria-labelledby="contact-block-title"]')!;
      const footer = document.querySelector('footer')!;
      const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return [follows(main, block), follows(block, footer)];
    });
    expect(order).toEqual([true, true]);
  });

  test('social bar: facebook, whatsapp, linkedin, twitter; 36 px squares 128 px up and 8 px in; new tab', async ({
    page,
  }) => {
    const settings = await adminSettings();
    await page.goto('/about');
    const bar = page.getByRole('complementary', { name: 'Social media' });
    const links = bar.getByRole('link');
    await expect(links).toHaveCount(4);
    expect(await linkList(page, 'aside[aria-label="Social media"] a')).toEqual(
      (['facebook', 'whatsapp', 'linkedin', 'twitter'] as const).map((key) => ({
        name: `${{ facebook: 'Facebook', whatsapp: 'WhatsApp', linkedin: 'LinkedIn', twitter: 'X (Twitter)' }[key]} (opens in a new tab)`,
        href: settings[key],
        target: '_blank',
        rel: 'noopener noreferrer',
      })),
    );

    const viewport = page.viewportSize()!;
    const barBox = (await bar.boundingBox())!;
    expect(Math.round(viewport.height - (barBox.y + barBox.height))).toBe(128);
    expect(Math.round(viewport.width - (barBox.x + barBox.width))).toBe(8);
    await expect(bar).toHaveCSS('position', 'fixed');
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([36, 36]);
      const durations = await link.evaluate((a) => getComputedStyle(a).transitionDuration.split(', '));
      expect(new Set(durations)).toEqual(new Set(['0.3s']));
    }
    // brand colours, top to bottom
    expect(await links.evaluateAll((all) => all.map((a) => getComputedStyle(a).backgroundColor))).toEqual([
      'rgb(24, 119, 242)',
      'rgb(18, 140, 75)',
      'rgb(10, 102, 194)',
      'rgb(0, 0, 0)',
    ]);
    // still fixed after scrolling to the bottom
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const after = (await bar.boundingBox())!;
    expect(Math.round(viewport.height - (after.y + after.height))).toBe(128);
  });

  test('a social link opens its settings address in a new tab', async ({ page, context }) => {
    const settings = await adminSettings();
    // the demo addresses are fictional: answer them here instead of the network
    await context.route('https://facebook.example/**', (route) =>
      route.fulfill({ body: 'facebook stand-in', contentType: 'text/plain' }),
    );
    await page.goto('/about');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('complementary', { name: 'Social media' })
        .getByRole('link', { name: /^Facebook/ })
        .click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(settings.facebook);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toMatch(/\/about$/);
  });

  test('the desktop search box submits a plain GET to /search?q=', async ({ page }) => {
    await page.goto('/about');
    // a combobox once focused with JavaScript (the suggestions, issue 33): found by its id and name
    const search = page.getByRole('banner').locator('#site-header-q');
    await expect(search).toHaveAccessibleName('Search courses');
    await search.fill('project management');
    await search.press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('project management');
  });

  test('every page sets lang="en" and a title of its own', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`Page not found | ${SITE_NAME}`);
    expect(await page.locator('head title').count()).toBe(1);
    expect(await page.locator('head meta[charset]').count()).toBe(1);
  });
});

test.describe('404', () => {
  test('an unknown route answers 404 with the not-found page rendered on the server, inside the layout', async () => {
    const response = await fetch(`${process.env.SITE_URL}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<header');
    expect(html).toMatch(/<h1[^>]*>We could not find that page<\/h1>/);
    expect(html).toContain('href="/"');
    expect(html).toContain('<footer');
    expect(html).toContain(`<title>Page not found | ${SITE_NAME}</title>`);
  });

  test('the 404 page offers the way home and to the main sections', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response!.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    await expect(main.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    const sections = main.getByRole('navigation', { name: 'Main sections' }).getByRole('link');
    await expect(sections).toHaveText([...NAV.map(([, label]) => label), 'Contact Us']);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await main.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('desktop: the header search still submits to /search?q=', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/about');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search courses' });
    await search.fill('leadership');
    await search.press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('leadership');
  });

  test('mobile: the menu toggle still opens the links, and the search icon still opens a working search', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/about');
    const panel = page.locator('#site-menu');
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(panel).toBeVisible();
    const links = panel.getByRole('link');
    await expect(links.filter({ hasText: 'Gallery' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const input = page.locator('#site-search').getByRole('searchbox', { name: 'Search courses' });
    await expect(input).toBeVisible();
    await input.fill('finance');
    await input.press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('finance');
  });

  test('the 404 page still renders with its status', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  });
});

/**
 * A private admin + site pair whose admin misbehaves from the start: the site's readiness probe already
 * renders a page (and so asks for the settings), so the faults must be in place before the site starts.
 */
const startFaultyPair = (faults: FaultRule[]) => startPair({ faults, env: { CONTENT_RETRY_MS: '60000' } });

test.describe('settings from the admin', () => {
  test('the header and navigation reach the browser before the settings; the settings parts follow', async () => {
    // the settings' answer waits at a gate the test opens: what arrives before that did not need them
    const pair = await startFaultyPair([{ path: '/setting/content', mode: 'held' }]);
    try {
      const stream = streamPage(`${pair.site.url}/no-such-page`);
      expect(await stream.status).toBe(404);
      const early = await stream.until((html) => html.includes('We could not find that page'));
      expect(early).toContain('<header');
      expect(early).toContain('Destination Training');
      expect(early).toContain('placeholder="Search..."');
      expect(early).not.toContain('/media/logo.svg');
      expect(early).not.toContain('facebook.example');
      pair.admin.release();
      const whole = await stream.whole;
      expect(whole).toContain('/media/logo.svg');
      expect(whole).toContain('facebook.example');
    } finally {
      await pair.stop();
    }
  });

  test('with /setting/content failing (500) every page still renders, without the settings-driven links', async ({
    page,
  }) => {
    const pair = await startFaultyPair([{ path: '/setting/content', status: 500 }]);
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      const response = await page.goto(`${pair.site.url}/no-such-page`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');

      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: SITE_NAME })).toHaveAttribute('href', '/');
      await expect(header.locator('img')).toHaveCount(0);
      await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(
        NAV.map(([, label]) => label),
      );

      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('All rights reserved');
      await expect(footer.locator('[data-network]')).toHaveCount(0);
      await expect(footer.getByRole('heading', { name: 'Follow us' })).toHaveCount(0);
      await expect(page.getByRole('complementary', { name: 'Social media' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Contact options' })).toHaveCount(0);

      const block = page.getByRole('region', { name: 'Plan your team’s next training' });
      await expect(block.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      await expect(block.locator('a[href^="tel:"]')).toHaveCount(0);

      // and a page of another engineer's: still 200, same frame
      const home = await page.goto(`${pair.site.url}/`);
      expect(home!.status()).toBe(200);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${thisYearInBahrain()}`);
    } finally {
      await pair.stop();
    }
  });
});
