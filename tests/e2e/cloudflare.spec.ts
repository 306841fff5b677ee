// The Worker build (`npm run build:cloudflare`) running locally in workerd via `wrangler dev` on 127.0.0.1,
// against the demo admin: key pages, a 404, security headers, HTML that streams when the request accepts
// gzip and br. Enquiries (queued, then delivered to a webhook) are tested in cloudflare-queue.spec.ts.
// They fail when the Worker build is missing (test-all.mjs always makes it).
import { expect, test } from '@playwright/test';
import { SITE_NAME } from './support/identity';
import { pdfText } from './support/pdf-text';
import { streamPage } from './support/read-chunks';
import { hugeBytesOnceStopped, siteEnvFor, startAdmin, type DemoAdmin } from './support/servers';
import { startWorker, type Worker } from './support/worker';

test.describe('Cloudflare Worker in workerd', () => {
  test.describe.configure({ timeout: 90_000 });

  let admin: DemoAdmin;
  let worker: Worker;
  let url = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    admin = await startAdmin();
    worker = await startWorker({
      // the provider's identity and the admin's media origin, as wrangler vars
      ...siteEnvFor(admin),
      // a short content TTL, so a content change is seen through the Worker's page cache within the test
      CONTENT_CACHE_TTL_MS: '3000',
    });
    url = worker.url;
  });

  test.afterAll(async () => {
    await worker?.stop();
    await admin?.close();
  });

  test.beforeEach(() => {
    admin.resetFaults();
  });

  test('key pages render with the admin content and the security headers', async ({ page }) => {
    for (const [route, heading] of [
      ['/', /.+/],
      ['/about', /.+/],
      ['/upcoming-training-course-details/101', /.+/],
    ] as const) {
      const response = await page.goto(`${url}${route}`);
      expect(response?.status(), route).toBe(200);
      expect(response?.headers()['content-security-policy'], route).toContain("frame-ancestors 'none'");
      await expect(page.locator('h1').first(), route).toHaveText(heading);
      // SITE_NAME reaches the Worker as a wrangler var
      expect(await page.title(), route).toContain(SITE_NAME);
      // the scripts load after the first screen (the same HTML rewrite as on Node) and hydrate under the CSP
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              Object.keys(document.querySelector('.skip-link')!).some((key) => key.startsWith('__react')),
            ),
          { message: `${route} hydrates` },
        )
        .toBe(true);
      expect(await page.evaluate(() => document.querySelector('#_R_')?.textContent ?? ''), route).toContain(
        '(function(start,scripts)',
      );
    }
  });

  // The only test that loads /consultations: it starts from a cold page cache.
  test('the page cache (Workers Cache API): a second request is a hit, and a content change shows after the TTL', async () => {
    const route = `${url}/consultations`;
    const answer = async () => {
      const response = await fetch(route);
      return {
        cache: response.headers.get('x-page-cache'),
        csp: response.headers.get('content-security-policy'),
        html: await response.text(),
      };
    };
    expect((await answer()).cache).toBe('miss');
    await expect.poll(async () => (await answer()).cache, { timeout: 10_000 }).toBe('hit');
    const kept = await answer();
    expect(kept.csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(kept.html).not.toContain('Consultations, as edited');

    admin.editContent('/consultations/content', (data) => ({ ...data, title: 'Consultations, as edited' }));
    await expect
      .poll(async () => (await answer()).html.includes('Consultations, as edited'), { timeout: 20_000 })
      .toBe(true);
  });

  test('clean-URL redirects, robots.txt, the sitemap and calendar files also answer on Workers', async () => {
    const redirect = await fetch(`${url}/about/?x=1`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/about?x=1');
    expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(`Sitemap: ${new URL(url).origin}/sitemap.xml`);
    const category = await (await fetch(`${admin.url}/upcoming-training/details/101`)).json();
    const slug = encodeURIComponent(category.data.training_course[0].slug);
    const calendar = await fetch(`${url}/calendar/${slug}/1.ics`);
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    // The sitemap comes from the search index the Cron Trigger's crawl keeps in KV: before any run there is
    // none (a 503 asking to come back), after one run it lists the course pages.
    await worker.runSchedule();
    const sitemap = await fetch(`${url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`/subCourse-details/${slug}</loc>`);
  });

  test('a course brochure is made in the Worker too: the PDF holds every session', async () => {
    const slug = 'pmp-exam-preparation-bootcamp';
    const course = (
      (await (await fetch(`${admin.url}/course-venue/details/${slug}`)).json()) as {
        data: { title: string; course_venue: { venue_name: string }[] };
      }
    ).data;
    const text = await pdfText(await fetch(`${url}/brochure/${slug}.pdf`));
    expect(text).toContain(course.title);
    for (const session of course.course_venue) expect(text).toContain(session.venue_name);
    expect((await fetch(`${url}/brochure/no-such-course.pdf`)).status).toBe(404);
  });

  test('the HTTP rules hold in the Worker: 405 with Allow, 415 for a wrong encoding, 404 for an unknown action', async () => {
    const put = await fetch(`${url}/about`, { method: 'PUT', body: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    const urlencoded = await fetch(`${url}/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=Aisha',
    });
    expect(urlencoded.status).toBe(415);
    const action = await fetch(`${url}/RSC/F/madeup/action.txt`, { method: 'POST', body: '[]' });
    expect(action.status).toBe(404);
    expect(await action.text()).not.toMatch(/Error|at /);
  });

  test('an unknown route and an unknown course answer 404 with the site’s page', async () => {
    for (const route of ['/no-such-page', '/subCourse-details/no-such-course']) {
      const response = await fetch(`${url}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).toContain('<header');
    }
  });

  // The only test that loads /gallery: the Worker caches admin answers for 60 s, so the delayed gallery
  // content below must not have been fetched before.
  test('HTML streams when the request accepts gzip and br', async () => {
    // the gallery's answer waits at a gate the test opens: what arrives before that is the streamed shell
    admin.setFaults([{ path: '/gallery/content', mode: 'held' }]);
    const stream = streamPage(`${url}/gallery`, { 'accept-encoding': 'gzip, br' });
    expect(await stream.status).toBe(200);
    const shell = await stream.until((html) => /<h1[^>]*>Glimpses of our trainings<\/h1>/.test(html));
    expect(shell).toContain('<header');
    expect(shell).not.toMatch(/<img[^>]+\/media\/gallery/);
    admin.release();
    expect(await stream.whole).toMatch(/<img[^>]+\/media\/gallery/);
  });
  // The only tests that load /destination-training and /conferences: a kept copy would hide the failures.
  test('an admin answer is bounded in bytes and a redirect is not followed (issue 22)', async () => {
    admin.setFaults([
      { path: '/destination-training/content', mode: 'huge', bytes: 50 * 1024 * 1024 },
      { path: '/conference-summit/content', mode: 'redirect', location: `${admin.origin}/api/about-us/content` },
    ]);
    const sentBefore = admin.hugeBytesSent();
    const destination = await fetch(`${url}/destination-training`);
    expect(destination.status).toBe(200);
    expect(await destination.text()).toContain('could not be loaded right now');
    // the Worker stops reading, far short of the 50 MB (its 4 MiB limit plus what the loopback socket buffers
    // and workerd read ahead: more on a loaded machine)
    expect((await hugeBytesOnceStopped(admin)) - sentBefore).toBeLessThan(25 * 1024 * 1024);
    const conferences = await fetch(`${url}/conferences`);
    expect(await conferences.text()).toContain('could not be loaded right now');
  });
});
