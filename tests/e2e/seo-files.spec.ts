// Issue 11: /sitemap.xml, /robots.txt, clean-URL redirects, the session calendar files and the two pages the
// footer links to (/privacy-policy, /sitemap), checked against what the demo admin serves.
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';
import { adminData, type CourseCategory, type SubCourse } from './support/admin-data';

const origin = () => new URL(process.env.SITE_URL!).origin;

/** Every course-details and sub-course address the demo admin's content has, computed here from the admin. */
async function catalogueAddresses(): Promise<string[]> {
  const addresses: string[] = [];
  for (const list of [
    {
      api: '/upcoming-certification/content',
      details: '/upcoming-training/details',
      route: '/upcoming-training-course-details',
    },
    {
      api: '/learning-solution/content',
      details: '/learning-solution-training/details',
      route: '/learning-solutions-course-details',
    },
  ]) {
    for (const item of await adminData<{ id: number }[]>(list.api)) {
      addresses.push(`${list.route}/${item.id}`);
      const category = await adminData<CourseCategory>(`${list.details}/${item.id}`);
      for (const course of category.training_course) {
        addresses.push(`/subCourse-details/${encodeURIComponent(course.slug)}`);
      }
    }
  }
  return [...new Set(addresses)];
}

test.describe('/sitemap.xml and /robots.txt', () => {
  test('robots.txt allows crawling and names the sitemap by its absolute address', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${origin()}/sitemap\\.xml$`, 'm'));
  });

  test('valid XML in the sitemaps.org namespace, listing every page and every course page', async ({
    page,
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // parsed by the browser's XML parser: a malformed document yields a <parsererror>
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        root: root.localName,
        namespace: root.namespaceURI,
        urls: root.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url').length,
        locs: [...root.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map(
          (loc) => loc.textContent ?? '',
        ),
      };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe('urlset');
    expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(parsed.urls).toBe(parsed.locs.length);
    expect(new Set(parsed.locs).size).toBe(parsed.locs.length);
    for (const loc of parsed.locs) {
      expect(loc.startsWith(`${origin()}/`), loc).toBe(true);
      expect(loc, loc).not.toMatch(/[^\x21-\x7e]/); // percent-encoded: ASCII only, no spaces
    }
    const paths = parsed.locs.map((loc) => loc.slice(origin().length));
    for (const path of [
      '/',
      '/about',
      '/gallery',
      '/contact-us',
      '/privacy-policy',
      '/sitemap',
      '/learning-solutions',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths).not.toContain('/search');
    const expected = await catalogueAddresses();
    expect(expected.length).toBeGreaterThan(20);
    for (const address of expected) expect(paths, address).toContain(address);

    // a sample of the listed pages really answers 200 (no redirect, no 404)
    for (const path of [paths[1]!, expected[0]!, expected.at(-1)!]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(200);
    }
  });
});

test.describe('clean addresses', () => {
  test('a trailing slash answers a permanent redirect to the address without it, query kept', async ({ request }) => {
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    const slug = encodeURIComponent(category.training_course[0]!.slug);
    const cases: [string, string][] = [
      ['/about/', '/about'],
      [`/subCourse-details/${slug}/`, `/subCourse-details/${slug}`],
      ['/contact-us/?course=PMP', '/contact-us?course=PMP'],
      [`/subcourse-details/${slug}`, `/subCourse-details/${slug}`],
      ['/About', '/about'],
      ['//about', '/about'],
      ['/gallery//', '/gallery'],
      ['/index', '/'],
      ['/index.html', '/'],
      ['/about.html', '/about'],
      ['/%61bout', '/about'],
      ['/upcoming-training-course-details/101/', '/upcoming-training-course-details/101'],
    ];
    for (const [from, to] of cases) {
      // an absolute address: `//about` alone would be read as a host name
      const response = await request.get(`${origin()}${from}`, { maxRedirects: 0 });
      expect([301, 308], from).toContain(response.status());
      expect(new URL(response.headers()['location']!, origin()).href, from).toBe(`${origin()}${to}`);
      const landed = await request.get(to, { maxRedirects: 0 });
      expect(landed.status(), to).toBe(200);
    }
  });

  test('near-misses never answer 500', async ({ request }) => {
    for (const path of [
      '/no-such-page/',
      '/subCourse-details/',
      '/subCourse-details//',
      '/subCourse-details/%E0%A4%A',
      '/subCourse-details/%2e%2e',
      '/upcoming-training-course-details/abc/',
      '/calendar/',
      '/calendar/x/0.ics',
      '/sitemap.xml/',
      '/%',
      '/calendar/%E0%A4%A/1.ics',
      '/sitemap-0.xml',
      '/sitemap-x.xml',
      '/brochure/upcoming/abc.pdf',
      '/quotation/A.pdf', // a sealed part of 4n + 1 characters, which base64 cannot decode
    ]) {
      const response = await request.get(`${origin()}${path}`);
      expect(response.status(), path).toBeLessThan(500);
    }
    // a server file's address with a part that names nothing is that file's plain 404
    for (const path of ['/sitemap-0.xml', '/sitemap-x.xml', '/calendar/x/0.ics', '/quotation/A.pdf']) {
      expect((await request.get(`${origin()}${path}`)).status(), path).toBe(404);
    }
    // malformed %-encoding is a bad request, said in plain words
    const malformed = await request.get(`${origin()}/subCourse-details/%E0%A4%A`);
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toMatch(/not valid/);
  });
});

/** Unfolds an iCalendar text and reads its VEVENT's properties (name with parameters → value). */
function parseIcs(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  const property = (line: string) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1)] as [string, string];
  };
  const calendar = new Map(lines.slice(0, lines.indexOf('BEGIN:VEVENT')).map(property));
  const properties = new Map(
    event.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1)] as [string, string];
    }),
  );
  return { lines, calendar, properties };
}

const unescapeText = (value: string) => value.replace(/\\([\\;,])/g, '$1').replace(/\\n/gi, '\n');

function dayAfter(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

test.describe('add to calendar', () => {
  test('each session row links to its .ics file, which describes that session (RFC 5545)', async ({
    page,
    request,
  }) => {
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    const slug = category.training_course[0]!.slug;
    const subCourse = await adminData<SubCourse>(`/course-venue/details/${encodeURIComponent(slug)}`);
    const pagePath = `/subCourse-details/${encodeURIComponent(slug)}`;
    await page.goto(pagePath);
    const links = page.getByRole('link', { name: /^Add to calendar/ });
    await expect(links).toHaveCount(subCourse.course_venue.length);

    for (const [index, session] of subCourse.course_venue.entries()) {
      const link = links.nth(index);
      // the link names the session it is for
      await expect(link).toHaveAccessibleName(new RegExp(session.venue_name));
      const href = (await link.getAttribute('href'))!;
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
      expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="[^"]+\.ics"$/);
      const text = await response.text();
      // CRLF line endings only, no line longer than 75 octets
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);

      const { lines, calendar, properties } = parseIcs(text);
      expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
      expect(lines).toContain('END:VCALENDAR');
      expect(calendar.get('PRODID')).toBeTruthy();
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(properties.get('UID')).toMatch(/^\S+@\S+$/);
      expect(properties.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
      expect(properties.get('DTSTART;VALUE=DATE')).toBe(session.start_date.replace(/-/g, ''));
      expect(properties.get('DTEND;VALUE=DATE')).toBe(dayAfter(session.end_date)); // exclusive end
      expect(unescapeText(properties.get('SUMMARY')!)).toBe(subCourse.title);
      expect(unescapeText(properties.get('LOCATION')!)).toBe(session.venue_name);
      expect(properties.get('URL')).toBe(`${origin()}${pagePath}`);
      expect(unescapeText(properties.get('DESCRIPTION')!)).toContain(`${origin()}${pagePath}`);
    }

    // the same session keeps its UID; different sessions have different ones
    const first = parseIcs(await (await request.get(`/calendar/${encodeURIComponent(slug)}/1.ics`)).text());
    const again = parseIcs(await (await request.get(`/calendar/${encodeURIComponent(slug)}/1.ics`)).text());
    expect(again.properties.get('UID')).toBe(first.properties.get('UID'));
  });

  test('unknown courses and sessions answer 404', async ({ request }) => {
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    const slug = encodeURIComponent(category.training_course[0]!.slug);
    for (const path of [
      `/calendar/${slug}/99.ics`,
      '/calendar/no-such-course/1.ics',
      '/calendar/stakeholder-management-and-communication/1.ics',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
  });
});

test.describe('the footer’s Privacy Policy and Sitemap pages', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer links to both pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap');
  });

  test('/privacy-policy says what is collected, why, where it goes, how long, and the PDPL rights', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    const main = page.locator('main');
    await expect(main.getByRole('note')).toContainText(/owner to review/i);
    for (const heading of ['What we collect', 'Why we use it', 'Where it goes', 'How long we keep it', 'Your rights']) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(main).toContainText('Law No. 30 of 2018');
    for (const field of ['email address', 'phone number', 'Quick Inquiry', 'Call Me Back']) {
      await expect(main).toContainText(field);
    }
  });

  test('/sitemap lists the same pages for people, grouped by kind', async ({ page, request }) => {
    await page.goto('/sitemap');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sitemap');
    const main = page.locator('main');
    for (const group of ['Pages', 'Upcoming training courses', 'Learning solutions']) {
      await expect(main.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    const hrefs = await main.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const xml = await (await request.get('/sitemap.xml')).text();
    const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.slice(origin().length));
    expect(new Set(hrefs)).toEqual(new Set(listed));
  });
});

test('the new pages and the calendar links have no axe violations', async ({ page }) => {
  const category = await adminData<CourseCategory>('/upcoming-training/details/101');
  for (const path of [
    '/privacy-policy',
    '/sitemap',
    `/subCourse-details/${encodeURIComponent(category.training_course[0]!.slug)}`,
  ]) {
    await page.goto(path);
    expect(await axeViolations(page), path).toEqual([]);
  }
});
