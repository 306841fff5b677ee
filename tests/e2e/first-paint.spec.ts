// Issue 11, fast first paint on a phone: few render-blocking stylesheets, no invalid preload hints, images
// sized, the first screen's pictures fetched at once (the largest one first) and the others only when needed,
// and the scripts only after the first screen is painted.
// Lighthouse itself runs in `npm run bench` (scripts/bench-lighthouse.mjs), never in a timed test.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_SCREEN_WAIT_MS } from '../../src/lib/first-paint/scripts-after-first-screen';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';

/** Lighthouse's phone (Moto G Power) and desktop screens. */
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1350, height: 940 };

/** The `as` values the HTML standard allows on `<link rel="preload">`; browsers ignore any other. */
const PRELOAD_AS = new Set([
  ...['audio', 'document', 'embed', 'fetch', 'font', 'image', 'object', 'script', 'style', 'track', 'video', 'worker'],
]);

const allRoutes = async () => [...SITE_ROUTES, ...(await subCourseRoutes())];

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

test('every page links the same two stylesheets, no script hint and no invalid preload hint', async ({ request }) => {
  const everyStylesheet = new Set<string>();
  for (const route of await allRoutes()) {
    await request.get(route); // a warm content cache: sections in place, no late hints in the body
    const html = await (await request.get(route)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const links = head.match(/<link\s[^>]*>/g) ?? [];
    const stylesheets = links
      .filter((tag) => attribute(tag, 'rel') === 'stylesheet')
      .map((tag) => attribute(tag, 'href'));
    expect(stylesheets.length, `${route}: ${stylesheets.join(', ')}`).toBeGreaterThan(0);
    expect(stylesheets.length, `${route}: ${stylesheets.join(', ')}`).toBeLessThanOrEqual(2);
    for (const href of stylesheets) everyStylesheet.add(href!);

    const preloads = links.filter((tag) => attribute(tag, 'rel') === 'preload');
    expect(
      preloads.filter((tag) => !PRELOAD_AS.has(attribute(tag, 'as') ?? '')),
      route,
    ).toEqual([]);
    // the scripts wait for the first screen: their hints are added by the bootstrap, not the HTML
    expect(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [], route).toEqual([]);
    expect(html, route).toMatch(/\(function\(start,scripts\)\{[^<]*\(function\(\)\{return import\("\/assets\//);
    // nothing stylesheet-like anywhere in the body either (late hints from streamed sections)
    expect(html.match(/<link[^>]*as="stylesheet"[^>]*>/g) ?? [], route).toEqual([]);
  }
  // one pair for the whole site: after the first page both come from the cache
  expect([...everyStylesheet]).toHaveLength(2);
  const sources: string[] = [];
  for (const href of everyStylesheet) {
    const css = await request.get(href);
    expect(css.status()).toBe(200);
    expect(css.headers()['content-type']).toContain('text/css');
    sources.push(await css.text());
  }
  // the global stylesheet (design tokens first) opens the server components' file, before any component
  expect(sources.filter((source) => source.startsWith(':root{'))).toHaveLength(1);
  expect(sources.join('')).not.toContain('site-first-stylesheet');
});

test("the global rules come before the components' own: `.container` does not undo a section's padding", async ({
  page,
}) => {
  await page.goto('/no-such-page');
  // the 404 section is `container` plus its own class with vertical padding
  const section = page.getByRole('main').locator('section.container').first();
  const padding = await section.evaluate((element) => getComputedStyle(element).paddingTop);
  expect(parseFloat(padding)).toBeGreaterThan(16);
});

test('Chromium logs no warning while the pages load and hydrate', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || /preload/i.test(message.text())) {
      warnings.push(`${page.url()}: ${message.text()}`);
    }
  });
  for (const route of await allRoutes()) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(warnings).toEqual([]);
});

type ImageFacts = {
  src: string;
  top: number;
  shown: boolean;
  sized: boolean;
  loading: string | null;
  fetchPriority: string | null;
};

/** Every <img> of the page at this screen size, and the page's largest contentful paint if it is one. */
async function imagesAt(page: Page, route: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  return page.evaluate(async () => {
    const lcp = await new Promise<Element | null>((resolve) => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
        resolve(last?.element ?? null);
      }).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      setTimeout(() => resolve(null), 2000);
    });
    const images = [...document.querySelectorAll('img')];
    const facts = images.map((img) => {
      const box = img.getBoundingClientRect();
      return {
        src: img.getAttribute('src') ?? '',
        top: box.top + window.scrollY,
        shown: box.width > 0 && box.height > 0,
        sized: img.hasAttribute('width') && img.hasAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
      };
    });
    return { facts, lcpImage: lcp instanceof HTMLImageElement ? images.indexOf(lcp) : -1 };
  });
}

test('images are sized; the first screen is fetched at once, the largest picture first, the rest lazily', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  let lcpImages = 0;
  for (const route of await allRoutes()) {
    await request.get(route); // a warm content cache, so no section is behind a skeleton
    const phone = await imagesAt(page, route, PHONE);
    const desktop = await imagesAt(page, route, DESKTOP);
    expect(desktop.facts.map((image) => image.src)).toEqual(phone.facts.map((image) => image.src));

    phone.facts.forEach((image: ImageFacts, index) => {
      const where = `${route} ${image.src}`;
      // width and height reserve the space before the picture arrives: nothing below it jumps
      expect(image.sized, `${where} has width and height`).toBe(true);
      if (!image.shown) return;
      const inFirstScreen = image.top < PHONE.height;
      const inDesktopFirstScreen = desktop.facts[index]!.top < DESKTOP.height;
      if (inFirstScreen) expect(image.loading, `${where} is in a phone's first screen`).not.toBe('lazy');
      if (!inFirstScreen && !inDesktopFirstScreen) {
        expect(image.loading, `${where} is below the first screen`).toBe('lazy');
      }
    });
    for (const [size, result] of [
      ['phone', phone],
      ['desktop', desktop],
    ] as const) {
      if (result.lcpImage < 0) continue;
      lcpImages += 1;
      const image = result.facts[result.lcpImage]!;
      expect(image.loading, `${route}: the largest picture on a ${size} (${image.src})`).not.toBe('lazy');
      if (size === 'phone') {
        expect(image.fetchPriority, `${route}: the largest picture on a phone (${image.src})`).toBe('high');
      }
    }
  }
  expect(lcpImages).toBeGreaterThan(4); // the check above did run: the hero, the gallery, content pages
});

/** The page's script requests (the built modules under /assets/), in the order the browser made them. */
function scriptRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** Holds the hero picture back until `release()` (or for good); the rest of the page loads as usual. */
async function holdHeroPicture(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = false;
  await page.route('**/media/hero-banner*', async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response }).catch(() => undefined); // the page may be gone by then
    arrived = true;
  });
  return { release, arrived: () => arrived };
}

test.describe('the scripts wait for the first screen', () => {
  test.beforeEach(async ({ page, request }) => {
    await request.get('/'); // a warm content cache, so the hero is in the first HTML
    // The page's timers and animation frames run only when a test moves the clock, so neither the time
    // limit nor the frames after the picture can start the scripts behind the test's back.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
  });

  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' }); // a picture still held back is let go with the page
  });

  test("no script is fetched before the first screen's picture has arrived; then the page hydrates", async ({
    page,
  }) => {
    const scripts = scriptRequests(page);
    const hero = await holdHeroPicture(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.runFor(FIRST_SCREEN_WAIT_MS - 500); // frames and timers, short of the time limit
    await page.waitForTimeout(300);
    expect(scripts).toEqual([]);
    hero.release();
    await expect.poll(() => hero.arrived()).toBe(true);
    await page.clock.runFor(100); // the two frames after the picture, still short of the time limit
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    // the hints come back with the scripts, so the modules load side by side, not one import after another
    await expect
      .poll(() => page.evaluate(() => document.head.querySelectorAll('link[rel="modulepreload"]').length))
      .toBeGreaterThan(1);
    // hydrated: React has claimed the server's HTML (it keeps its fibre on each element it hydrates)
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.querySelector('.skip-link')!).some((key) => key.startsWith('__react')),
        ),
      )
      .toBe(true);
  });

  test('a picture that never arrives holds the scripts back only until the time limit', async ({ page }) => {
    const scripts = scriptRequests(page);
    await holdHeroPicture(page); // never released
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.clock.runFor(FIRST_SCREEN_WAIT_MS - 100);
    await page.waitForTimeout(300);
    expect(scripts).toEqual([]);
    await page.clock.runFor(200);
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
  });

  test('a visitor who types or taps before the picture arrives gets the scripts at once', async ({ page }) => {
    const scripts = scriptRequests(page);
    await holdHeroPicture(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(300);
    expect(scripts).toEqual([]);
    await page.keyboard.press('Tab'); // the clock stands still: only the key press can start them
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
  });
});
