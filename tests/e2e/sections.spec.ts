// Issue 10 item 5 and issue 12's visitor gaps, in real Chromium against the production build: course pages
// stream before a slow admin answers (and an unknown course found out late is a noindex not-found view), a
// slug that is not ASCII, breadcrumbs, the header search box, the hero video's pause control and poster, and
// rich-text tables on a phone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { startAdmin, startPair, startSite } from './support/servers';
import { axeViolations } from './support/axe';
import { readChunks, type Chunk } from './support/read-chunks';

/**
 * Loads a fresh server's course-page code without asking the admin for a course (a malformed slug is a 404 at
 * once), so what is measured next is the wait for the admin, not the first require of the page's modules.
 */
async function warmUp(site: string) {
  const response = await fetch(`${site}/subCourse-details/..%2Fwarm-up`);
  expect(response.status).toBe(404);
  await response.body?.cancel();
}

const textOf = (chunks: Chunk[]) => chunks.map((chunk) => chunk.text).join('');

test.describe('course pages with a slow admin (cold cache, 800 ms)', () => {
  test('send the header and the course skeleton first, with 200; an unknown slug then says so, noindex', async ({
    page,
  }) => {
    // one cold site per page: a first view starts the catalogue's background refresh, which warms the others
    for (const path of ['/subCourse-details/pmp-exam-preparation-bootcamp', '/upcoming-training-course-details/101']) {
      const cold = await startPair();
      try {
        cold.admin.setFaults([{ path: '*', delayMs: 800 }]);
        await warmUp(cold.site.url);
        const { status, chunks } = await readChunks(`${cold.site.url}${path}`);
        expect(status, path).toBe(200);
        const early = textOf(chunks.filter((chunk) => chunk.at < 700));
        expect(early, path).toContain('<header');
        expect(early, path).toContain('Loading the course');
        expect(early, path).not.toContain('<h1');
        expect(textOf(chunks), path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      } finally {
        await cold.stop();
      }
    }

    const pair = await startPair();
    try {
      pair.admin.setFaults([{ path: '/course-venue/details/*', delayMs: 800 }]);
      await warmUp(pair.site.url);
      const unknown = await readChunks(`${pair.site.url}/subCourse-details/no-such-course-late`);
      expect(unknown.status).toBe(200);
      expect(textOf(unknown.chunks.filter((chunk) => chunk.at < 700))).toContain('Loading the course');
      expect(textOf(unknown.chunks)).toMatch(/<meta name="robots" content="noindex(?:, follow)?"\/>/);
      // that late 200 is never kept by the page cache: the next view has the admin's 404 and answers 404
      const again = await fetch(`${pair.site.url}/subCourse-details/no-such-course-late`);
      expect(again.status).toBe(404);
      expect(again.headers.get('x-page-cache')).toBe('miss');
      await again.text();

      // in the browser the late answer replaces the skeleton with the not-found view
      await page.goto(`${pair.site.url}/subCourse-details/another-unknown-course`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/not find/i);
      // the document head holds exactly one robots directive (React leaves a second, inert copy of a late
      // boundary's head tags where the boundary streamed, in the body, where it does nothing)
      await expect(page.locator('head meta[name="robots"][content^="noindex"]')).toHaveCount(1);
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
      await expect(page.locator('input#enquiry-country')).toBeAttached(); // hydrated
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
