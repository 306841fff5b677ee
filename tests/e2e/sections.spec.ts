// Issue 10 item 5 and issue 12's visitor gaps, in real Chromium against the production build: course pages
// stream before a slow admin answers with the catalogue's head in the first bytes (and a course the catalogue
// does not list waits for the admin's word: a 404 with its noindex head), a
// slug that is not ASCII, breadcrumbs, the header search box, the hero video's pause control and poster, and
// rich-text tables on a phone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { startAdmin, startSite } from './support/servers';
import { whenHydrated } from './support/hydrated';
import { axeViolations } from './support/axe';
import { adminData, type CourseCategory } from './support/admin-data';
import { startPairOnKeptIndex } from './support/kept-index';
import { streamPage } from './support/read-chunks';

/**
 * Loads a fresh server's course-page code without asking the admin for a course (a malformed slug is a 404 at
 * once), so what is measured next is the wait for the admin, not the first require of the page's modules.
 */
async function warmUp(site: string) {
  const response = await fetch(`${site}/subCourse-details/..%2Fwarm-up`);
  expect(response.status).toBe(404);
  await response.body?.cancel();
}

test.describe('course pages with a slow admin', () => {
  test("a listed course sends the header, the catalogue's head and the skeleton first, with 200; the course streams in", async ({
    page,
  }) => {
    // a server restarted on its kept index: it knows the catalogue, and has none of it in its content cache
    const pair = await startPairOnKeptIndex();
    try {
      await warmUp(pair.site.url);
      const category = await adminData<CourseCategory>('/upcoming-training/details/101');
      const course = category.training_course[0]!;
      for (const path of [`/subCourse-details/${course.slug}`, '/upcoming-training-course-details/101']) {
        // every admin answer waits at a gate the test opens: what arrives before that is the first bytes
        pair.admin.setFaults([{ path: '*', mode: 'held' }]);
        const stream = streamPage(`${pair.site.url}${path}`);
        expect(await stream.status, path).toBe(200);
        const early = await stream.until((html) => html.includes('</head>') && html.includes('Loading the course'));
        expect(early, path).toContain('<header');
        expect(early, path).not.toContain('<h1');
        pair.admin.release();
        const whole = await stream.whole;
        // the head is whole in the first bytes, from the catalogue: the title, description and canonical link
        // the admin's answer gives (the next view renders in place from it)
        const [streamedHead] = early.split('</head>');
        const inPlace = await fetch(`${pair.site.url}${path}`).then((response) => response.text());
        expect(inPlace, path).not.toContain('Loading the course');
        const [inPlaceHead] = inPlace.split('</head>');
        for (const tag of [
          /<title>[^<]+<\/title>/,
          /<meta name="description" content="[^"]+"\/>/,
          /<link rel="canonical"[^>]+>/,
        ]) {
          expect(streamedHead!.match(tag)?.[0], `${path} ${tag}`).toBe(inPlaceHead!.match(tag)?.[0]);
          expect(streamedHead, `${path} ${tag}`).toMatch(tag);
        }
        // the course streams in, its structured data with it; no <title>, <meta> or canonical link lands in the
        // body (React's module preloads may: a <link rel=modulepreload> is valid there)
        expect(whole, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
        expect(whole.split('</head>')[1], path).toContain('application/ld+json');
        expect(whole.split('</head>')[1], path).not.toMatch(/<title|<meta |<link rel="canonical"/);
      }
      // in the browser the page keeps one title, the course's
      await page.goto(`${pair.site.url}/subCourse-details/${course.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
      await expect(page).toHaveTitle(new RegExp(`^${course.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
    } finally {
      await pair.stop();
    }
  });

  test('a course the catalogue does not list waits for the admin: a real 404, its noindex head in <head>', async ({
    page,
  }) => {
    const pair = await startPairOnKeptIndex();
    try {
      pair.admin.setFaults([{ path: '/course-venue/details/*', mode: 'held' }]);
      await warmUp(pair.site.url);
      const unknown = streamPage(`${pair.site.url}/subCourse-details/no-such-course-late`);
      // the site asks the admin, and its answer waits for that word: a streamed page would have sent 200 already
      await expect.poll(() => pair.admin.heldRequests()).toBe(1);
      pair.admin.release();
      expect(await unknown.status).toBe(404);
      const html = await unknown.whole;
      expect(html).not.toContain('Loading the course');
      const [head, body] = html.split('</head>');
      expect(head).toMatch(/<meta name="robots" content="noindex(?:, follow)?"\/>/);
      expect(head).toContain('<title>Course not found');
      expect(body).not.toMatch(/<title|<meta |<link rel="canonical"/);
      expect(body).toMatch(/<h1[^>]*>[^<]*not find/i);

      await page.goto(`${pair.site.url}/subCourse-details/another-unknown-course`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/not find/i);
      await expect(page.locator('meta[name="robots"][content^="noindex"]')).toHaveCount(1);
      await expect(page).toHaveTitle(/not found/i);
    } finally {
      await pair.stop();
    }
  });
});

test.describe('a course slug that is not ASCII', () => {
  test('opens from the category and directly, reaching the admin encoded once', async ({ page }) => {
    await page.goto('/upcoming-training-course-details/102');
    await page.getByRole('link', { name: /^Details\b.*Café Leadership/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Café Leadership');

    const response = await page.goto('/subCourse-details/caf%C3%A9-leadership');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Café Leadership');
  });
});

test.describe('breadcrumbs', () => {
  test('course details: Home and the section are links', async ({ page }) => {
    await page.goto('/upcoming-training-course-details/101');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(trail.getByRole('link', { name: 'Upcoming courses' })).toHaveAttribute('href', '/#upcoming');
    await page.goto('/learning-solutions-course-details/201');
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Learning solutions' }),
    ).toHaveAttribute('href', '/learning-solutions');
  });

  test('a sub-course leads back to its category', async ({ page }) => {
    await page.goto('/search?q=leadership'); // the catalogue the category is found in is built by now
    await page.goto('/subCourse-details/caf%C3%A9-leadership');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(trail.getByRole('link', { name: 'Leadership and Management Excellence' })).toHaveAttribute(
      'href',
      '/upcoming-training-course-details/102',
    );
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Café Leadership');
  });
});

test('the header search box keeps the query on the results page', async ({ page }) => {
  await page.goto('/');
  const box = page.locator('#site-header-q');
  await expect(box).toHaveValue('');
  await box.fill('project risk');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=project\+risk/);
  await expect(page.locator('#site-header-q')).toHaveValue('project risk');
  // and straight from the server, as visitors without JavaScript see it
  const html = await (await fetch(`${process.env.SITE_URL}/search?q=caf%C3%A9`)).text();
  expect(html).toMatch(/<input[^>]*id="site-header-q"[^>]*value="café"|<input[^>]*value="café"[^>]*id="site-header-q"/);
});

test.describe('rich-text tables on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('scroll sideways in a focusable box instead of splitting words', async ({ page }) => {
    await page.goto('/destination-training');
    const box = page.locator('.rich-text [role="region"]').first();
    await expect(box).toHaveAttribute('tabindex', '0');
    const split = await box.evaluate((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    });
    expect(split).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the hero video', () => {
  test('has a named pause/play button that works from the keyboard, and the banner as its poster', async ({ page }) => {
    // An admin whose hero has a video (the demo's has none); the video address answers 404, so the poster is
    // what a visitor sees. The proxy stands in for the admin's API; its images stay on the media origin.
    const demo = await startAdmin();
    let proxyOrigin = '';
    const proxy = http.createServer(async (req, res) => {
      const upstream = await fetch(`${demo.origin}${req.url}`);
      let body = Buffer.from(await upstream.arrayBuffer());
      if ((upstream.headers.get('content-type') ?? '').includes('json')) {
        let text = body.toString('utf8').replaceAll(demo.origin, proxyOrigin);
        if (req.url === '/api/home-page/content') {
          const hero = JSON.parse(text) as { data: Record<string, string> };
          hero.data.video = `${proxyOrigin}/media/hero-video-missing.webm`;
          text = JSON.stringify(hero);
        }
        body = Buffer.from(text);
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
      res.end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const site = await startSite({ url: `${proxyOrigin}/api`, mediaOrigin: demo.mediaOrigin });
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(site.url);
      const hero = page.locator('main section[aria-labelledby="hero-title"]');
      await expect(hero.locator('h1#hero-title')).toBeVisible();
      await whenHydrated(page);
      const banner = (await (await fetch(`${proxyOrigin}/api/home-page/content`)).json()) as {
        data: { banner: string };
      };
      // the poster: the banner (a drawing, used as it is) where the video plays, behind it
      await expect(hero.locator('picture source')).toHaveAttribute('srcset', banner.data.banner);
      await expect(hero.locator('video')).toHaveAttribute('src', /hero-video-missing\.webm$/);

      const pause = hero.getByRole('button', { name: 'Pause background video' });
      await expect(pause).toBeVisible();
      await pause.focus();
      await page.keyboard.press('Enter');
      await expect(hero.getByRole('button', { name: 'Play background video' })).toBeFocused();
      expect(await hero.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
      await page.keyboard.press('Space');
      await expect(hero.getByRole('button', { name: 'Pause background video' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // where the video is not offered (reduced motion, phones) there is nothing to pause
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(hero.getByRole('button', { name: /background video/ })).toBeHidden();
    } finally {
      await site.stop();
      await new Promise((resolve) => proxy.close(resolve));
      await demo.close();
    }
  });
});
