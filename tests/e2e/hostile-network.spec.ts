// Issue 22 on the built Node server: what a visitor, a proxy or a broken admin can send never makes the site
// serve the wrong thing to everyone. One test per finding (each failed on the code before the fix), against
// real servers on 127.0.0.1: the production build and the demo admin with its fault injection (huge answers,
// slow bodies, redirects, a failing category list).
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hugeBytesOnceStopped, startPair } from './support/servers';
import { decodeHtmlAttribute } from './support/html-text';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A GET with any headers, Host included (fetch will not send a Host of our choosing). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

/** GET until the page cache answers from a page it has kept, and return that answer. */
async function untilKept(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = await rawGet(url, headers);
    if (answer.headers['x-page-cache'] === 'hit') return answer;
    await sleep(100);
  }
  throw new Error(`${url} was never answered from the page cache`);
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

test.describe('no poisoned pages: one rule for the origin a page names', () => {
  test('behind a proxy with no SITE_URL, a forged X-Forwarded-Host never reaches another visitor', async () => {
    const pair = await startPair({ env: { TRUST_PROXY: '1' } });
    try {
      const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
      // the attacker's request renders (and is kept) first, then again at each refresh
      await untilKept(`${pair.site.url}/about`, forged);
      const visitor = await rawGet(`${pair.site.url}/about`);
      expect(canonicalOf(visitor.body)).toBe(`${pair.site.url}/about`);
      expect(visitor.body).not.toContain('evil.example');
      const kept = await untilKept(`${pair.site.url}/about`);
      expect(kept.body).not.toContain('evil.example');
    } finally {
      await pair.stop();
    }
  });

  test('with SITE_HOSTS, a page, robots.txt and the sitemap name only a listed host', async () => {
    const pair = await startPair({ env: { TRUST_PROXY: '1', SITE_HOSTS: 'www.example.com example.com' } });
    try {
      const as = (host: string) => ({ 'x-forwarded-host': host, 'x-forwarded-proto': 'https' });
      const listed = await rawGet(`${pair.site.url}/about`, as('example.com'));
      expect(canonicalOf(listed.body)).toBe('https://example.com/about');
      for (const headers of [as('evil.example'), { host: 'evil.example' }]) {
        const page = await rawGet(`${pair.site.url}/about`, headers);
        expect(page.body).not.toContain('evil.example');
        expect(canonicalOf(page.body)).toMatch(/^https?:\/\/www\.example\.com\/about$/);
        const robots = await rawGet(`${pair.site.url}/robots.txt`, headers);
        expect(robots.body).toMatch(/Sitemap: https?:\/\/www\.example\.com\/sitemap\.xml/);
        expect(robots.body).not.toContain('evil.example');
        const sitemap = await rawGet(`${pair.site.url}/sitemap.xml`, headers);
        expect(sitemap.status).toBe(200);
        expect(sitemap.body).toContain('://www.example.com/about</loc>');
        expect(sitemap.body).not.toContain('evil.example');
      }
    } finally {
      await pair.stop();
    }
  });

  test('with SITE_URL, no header changes what a page or robots.txt names', async () => {
    const pair = await startPair({ env: { TRUST_PROXY: '1', SITE_URL: 'https://www.example.com' } });
    try {
      const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
      const page = await rawGet(`${pair.site.url}/about`, headers);
      expect(canonicalOf(page.body)).toBe('https://www.example.com/about');
      expect(page.body).not.toContain('evil.example'); // the footer's domain included
      expect((await rawGet(`${pair.site.url}/robots.txt`, headers)).body).not.toContain('evil.example');
    } finally {
      await pair.stop();
    }
  });
});

test.describe('no eviction by made-up hosts', () => {
  test('pages asked for under hosts the site does not serve never push out the real pages', async () => {
    test.setTimeout(120_000);
    // 2 MB: room for the four real pages (one br copy each, under 0.1 MB) and many more
    const pair = await startPair({ env: { PAGE_CACHE_MAX_BYTES: String(2 * 1024 * 1024) } });
    try {
      const real = ['/', '/about', '/gallery', '/contact-us'];
      for (const page of real) await untilKept(`${pair.site.url}${page}`);
      for (let index = 0; index < 80; index += 1) {
        const answer = await rawGet(`${pair.site.url}/about`, { host: `h${index}.attacker.example` });
        expect(answer.status).toBe(200);
      }
      for (const page of real) {
        const answer = await rawGet(`${pair.site.url}${page}`);
        expect(answer.headers['x-page-cache'], `${page} is still kept`).toMatch(/^(hit|stale)$/);
      }
    } finally {
      await pair.stop();
    }
  });
});

test.describe('no false 404s', () => {
  test('with a category list failing, junk slugs spending the budget never make a real course 404', async () => {
    test.setTimeout(60_000);
    const pair = await startPair({ env: { UNKNOWN_SLUG_CALLS_PER_MINUTE: '2' } });
    try {
      const { admin, site } = pair;
      // a course listed only under a learning solution, whose list is the one that fails
      const slugsOf = async (apiPath: string) =>
        (
          (await (await fetch(`${admin.url}${apiPath}`)).json()) as { data: { training_course: { slug: string }[] } }
        ).data.training_course.map((course) => course.slug);
      const upcoming = new Set<string>();
      for (let id = 101; id <= 112; id += 1)
        for (const slug of await slugsOf(`/upcoming-training/details/${id}`)) upcoming.add(slug);
      const solutionOnly = (await slugsOf('/learning-solution-training/details/201')).find((s) => !upcoming.has(s));
      expect(solutionOnly, 'a course only a learning solution lists').toBeDefined();

      admin.setFaults([{ path: '/learning-solution/content', status: 500 }]);
      await rawGet(`${site.url}/`); // starts the search index's crawl
      await expect
        .poll(() => Object.keys(admin.requestCounts()).some((key) => key.startsWith('/course-venue/details/')), {
          timeout: 20_000,
        })
        .toBe(true); // the crawl has read the categories it could
      for (const junk of ['no-such-course-1', 'no-such-course-2', 'no-such-course-3', 'no-such-course-4'])
        expect((await rawGet(`${site.url}/subCourse-details/${junk}`)).status).toBe(404);

      const page = await rawGet(`${site.url}/subCourse-details/${solutionOnly}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('We could not find that course');
      const calendar = await rawGet(`${site.url}/calendar/${solutionOnly}/1.ics`);
      expect([200, 404]).toContain(calendar.status); // 404 only when the admin lists no first session
      if (calendar.status === 404) {
        const sessions = await (await fetch(`${admin.url}/course-venue/details/${solutionOnly}`)).json();
        expect((sessions as { data: { course_venue: unknown[] } }).data.course_venue).toEqual([]);
      }
    } finally {
      await pair.stop();
    }
  });
});

test.describe('bounded admin answers', () => {
  test('a 50 MB answer is read no further than the limit, and the page still answers', async () => {
    const pair = await startPair({ env: { ADMIN_MAX_RESPONSE_BYTES: String(1024 * 1024) } });
    try {
      pair.admin.setFaults([{ path: '/about-us/content', mode: 'huge', bytes: 50 * 1024 * 1024 }]);
      const page = await rawGet(`${pair.site.url}/about`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('could not be loaded right now');
      // the site stopped reading: far less than the 50 MB ever left the admin (socket buffers aside)
      expect(await hugeBytesOnceStopped(pair.admin)).toBeLessThan(25 * 1024 * 1024);
      expect((await rawGet(`${pair.site.url}/contact-us`)).status).toBe(200); // the server is fine
    } finally {
      await pair.stop();
    }
  });

  test('a body trickled byte by byte is given up on at the timeout', async () => {
    const pair = await startPair({ env: { ADMIN_TIMEOUT_MS: '1000' } });
    try {
      pair.admin.setFaults([{ path: '/about-us/content', mode: 'slow-body' }]);
      const page = await rawGet(`${pair.site.url}/about`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('is taking too long to load');
    } finally {
      await pair.stop();
    }
  });
});

test.describe('redirects from the admin', () => {
  test('are not followed, to another origin or its own; /healthz then says degraded', async () => {
    const elsewhere = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { title: 'Content from elsewhere', description: 'Planted', image: '' } }));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(elsewhere.address() as import('node:net').AddressInfo).port}`;
    const pair = await startPair();
    try {
      pair.admin.setFaults([
        { path: '/about-us/content', mode: 'redirect', location: `${other}/api/about-us/content` },
        { path: '/consultations/content', mode: 'redirect', location: '/api/about-us/content' },
        { path: '/setting/content', mode: 'redirect', location: `${other}/api/setting/content` },
      ]);
      const about = await rawGet(`${pair.site.url}/about`);
      expect(about.body).not.toContain('Content from elsewhere');
      expect(about.body).toContain('could not be loaded right now');
      const consultations = await rawGet(`${pair.site.url}/consultations`);
      expect(consultations.body).toContain('could not be loaded right now');
      // (the probe made at start-up is reused for 5 s)
      const health = async () =>
        (await (await fetch(`${pair.site.url}/healthz`)).json()) as { status: string; admin?: { status: number } };
      await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe('degraded');
      expect((await health()).admin?.status).toBe(302);
    } finally {
      await pair.stop();
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});

/** The hidden fields of form #anchor in `html`, plus `fields`, as a browser without JavaScript posts them. */
function formBody(html: string, anchor: string, fields: Record<string, string>): FormData {
  const start = html.indexOf(`action="#${anchor}"`);
  expect(start, `form #${anchor}`).toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf('</form>', start));
  const body = new FormData();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)) {
    const name = decodeHtmlAttribute(match[1]!);
    if (!(name in fields)) body.append(name, decodeHtmlAttribute(match[2] ?? ''));
  }
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

type OutboxRecord = { kind: string; context?: string; fields: Record<string, string | boolean> };

async function outbox(dir: string): Promise<OutboxRecord[]> {
  const text = await readFile(path.join(dir, 'enquiries.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxRecord);
}

test.describe('enquiries', () => {
  test('the rate limit counts the address, whatever port the proxy wrote; a 429 says when to retry', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'issue22-rate-'));
    const pair = await startPair({ env: { TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '2', ENQUIRY_OUTBOX_DIR: dir } });
    try {
      const page = `${pair.site.url}/contact-us`;
      const html = await (await fetch(page)).text();
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (const [index, entry] of [
        '203.0.113.9:50001',
        '203.0.113.9:50002',
        '[2001:db8::1]:443',
        '203.0.113.9:50003',
      ].entries()) {
        const body = formBody(html, 'enquiry-form', {
          firstName: 'Aisha',
          lastName: 'Al-Khalifa',
          email: 'aisha@bapco.com.bh',
          company: 'Bapco',
          jobTitle: 'Learning Manager',
          phone: '+973 1700 0000',
          country: 'BH',
          trainingFor: 'team',
          message: `Please send dates, enquiry ${index}.`,
          subscribe: 'yes',
          consent: 'yes',
        });
        const response = await fetch(page, { method: 'POST', body, headers: { 'x-forwarded-for': entry } });
        await response.text();
        statuses.push(response.status);
        if (response.status === 429) retryAfter = response.headers.get('retry-after');
      }
      // two from 203.0.113.9 fill its limit; the IPv6 client is another; the third from 203.0.113.9 is refused
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(600);
      expect(await outbox(dir)).toHaveLength(3);
    } finally {
      await pair.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a sidebar enquiry records the course the server looks up, never text the form carried', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'issue22-context-'));
    const pair = await startPair({ env: { ENQUIRY_OUTBOX_DIR: dir } });
    try {
      const page = `${pair.site.url}/subCourse-details/${await firstSlug(pair.admin.url)}`;
      const html = await (await fetch(page)).text();
      const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
      const send = async (fields: Record<string, string>) => {
        const body = formBody(html, 'quick-inquiry', {
          name: 'Yusuf',
          replyTo: 'yusuf@gpic.com',
          message: `About the course ${Object.values(fields).join(' ')}`,
          ...fields,
        });
        const response = await fetch(page, { method: 'POST', body });
        await response.text();
        expect(response.status).toBe(200);
      };
      await send({}); // the form as the page rendered it
      await send({ context: 'URGENT: the director approved a refund, call +1 555 0100' });
      await send({ context: '/upcoming-training-course-details/999999' }); // a course the admin does not have
      const records = await outbox(dir);
      expect(records.map((record) => record.context)).toEqual([title, undefined, undefined]);
    } finally {
      await pair.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function firstSlug(adminUrl: string): Promise<string> {
  const category = (await (await fetch(`${adminUrl}/upcoming-training/details/101`)).json()) as {
    data: { training_course: { slug: string }[] };
  };
  return category.data.training_course[0]!.slug;
}

test.describe('smaller', () => {
  test('If-None-Match: * never turns a kept 404 into 304', async () => {
    const pair = await startPair();
    try {
      const missing = `${pair.site.url}/no-such-page`;
      await untilKept(missing);
      const answer = await rawGet(missing, { 'if-none-match': '*' });
      expect(answer.status).toBe(404);
      const etag = String(answer.headers.etag);
      expect((await rawGet(missing, { 'if-none-match': etag })).status).toBe(404);
      // a kept 200 still answers 304 to its own tag and to *
      const about = await untilKept(`${pair.site.url}/about`);
      expect((await rawGet(`${pair.site.url}/about`, { 'if-none-match': String(about.headers.etag) })).status).toBe(
        304,
      );
      expect((await rawGet(`${pair.site.url}/about`, { 'if-none-match': '*' })).status).toBe(304);
    } finally {
      await pair.stop();
    }
  });

  test('NUL, vertical tab and other control characters from the admin never reach a calendar file', async () => {
    const pair = await startPair();
    try {
      const slug = await firstSlug(pair.admin.url);
      pair.admin.editContent(`/course-venue/details/${slug}`, (data) => ({
        ...data,
        title: 'Risk\u0000 Manage\u000Bment',
        course_venue: [
          { start_date: '2027-03-01', end_date: '2027-03-05', venue_name: 'Man\u0001ama\u007F', course_fee: 1200 },
        ],
      }));
      const calendar = await rawGet(`${pair.site.url}/calendar/${slug}/1.ics`);
      expect(calendar.status).toBe(200);
      expect(calendar.body).toContain('Risk Management');
      expect(calendar.body).toContain('Manama');
      // RFC 5545 allows no control characters but HTAB in content lines (CRLF ends them)
      expect(calendar.body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F]/);
    } finally {
      await pair.stop();
    }
  });

  test('a section that failed does not tell the page what kind of failure it was', async () => {
    const pair = await startPair();
    try {
      pair.admin.setFaults([{ path: '/about-us/content', status: 500 }]);
      const page = await rawGet(`${pair.site.url}/about`);
      expect(page.body).toContain('could not be loaded right now');
      expect(page.body).not.toMatch(/data-error-kind|HTTP_ERROR/);
    } finally {
      await pair.stop();
    }
  });
});
