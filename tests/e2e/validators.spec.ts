// Issue 21: the built site as third-party validators see it, on every page of the site map plus search: the
// W3C Nu HTML checker (npm vnu-jar on Java) at 0 errors, one distinct title per indexable page, structured
// data that Google's remaining rich results can use, and course tables that keep their table semantics when
// restyled as cards on a phone (Chromium's own accessibility tree at 375 px).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { findJava, JAVA_INSTALL_HINT, vnuJarPath } from '../../scripts/find-java.mjs';
import { adminData, type CourseCategory, type SubCourse } from './support/admin-data';
import { expect, test } from './support/fixtures';
import { SITE_NAME, TEST_SITE_IDENTITY } from './support/identity';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';
import { startPairOnKeptIndex } from './support/kept-index';
import { startAdmin, startPair, startSite } from './support/servers';

type FetchedPage = { path: string; html: string };
type JsonLdNode = Record<string, unknown> & { '@type'?: string };

const site = () => process.env.SITE_URL!;

/** Every address in /sitemap.xml (as paths), plus a search, each fetched once as a crawler would (no JS). */
async function sitemapPages(): Promise<FetchedPage[]> {
  const sitemap = await (await fetch(`${site()}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
    const url = new URL(loc!.replace(/&amp;/g, '&'));
    return `${url.pathname}${url.search}`;
  });
  paths.push('/search?q=management');
  const pages: FetchedPage[] = [];
  // a few at a time: the shared site serves other tests too
  for (let start = 0; start < paths.length; start += 4) {
    const batch = paths.slice(start, start + 4);
    pages.push(
      ...(await Promise.all(
        batch.map(async (pagePath) => {
          const response = await fetch(`${site()}${pagePath}`);
          expect(response.status, pagePath).toBe(200);
          return { path: pagePath, html: await response.text() };
        }),
      )),
    );
  }
  return pages;
}

/**
 * One page of each kind from a site restarted on its kept index while the admin answers slowly: every section
 * streams, and the course pages send the catalogue's head first and stream the course (record 014).
 */
async function streamedPages(): Promise<FetchedPage[]> {
  const pair = await startPairOnKeptIndex();
  try {
    pair.admin.setFaults([{ path: '*', delayMs: 300 }]);
    const pages: FetchedPage[] = [];
    for (const route of [...SITE_ROUTES, ...(await subCourseRoutes())]) {
      const response = await fetch(`${pair.site.url}${route}`);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      // the course pages did stream: their skeleton went first
      if (/course-details\//i.test(route)) expect(html, route).toContain('Loading the course');
      pages.push({ path: `streamed ${route}`, html });
    }
    return pages;
  } finally {
    await pair.stop();
  }
}

/**
 * The home page with a background video over the admin's SVG banner (issue 28): the poster's `<source>` then
 * offers a picture with no width variants, so it must carry no `sizes` either.
 */
async function videoOverSvgBanner(): Promise<FetchedPage> {
  const admin = await startAdmin();
  admin.editContent('/home-page/content', (hero: { banner?: string }) => {
    expect(hero.banner).toMatch(/\.svg$/);
    return { ...hero, video: `${admin.mediaOrigin}/media/hero.mp4` };
  });
  const site = await startSite(admin);
  try {
    const response = await fetch(`${site.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<video');
    return { path: '/ with a video and an SVG banner', html };
  } finally {
    await site.stop();
    await admin.close();
  }
}

let pagesOnce: Promise<FetchedPage[]> | undefined;
const allPages = () => (pagesOnce ??= sitemapPages());

const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const titlesOf = (html: string) =>
  [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => decodeEntities(title!));
const isNoindex = (html: string) => /<meta name="robots" content="noindex/.test(html);
const jsonLdOf = (html: string): JsonLdNode[] =>
  // a block streamed in behind Suspense carries the page's nonce too
  [...html.matchAll(/<script[^>]* type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as JsonLdNode,
  );
const ofType = (nodes: JsonLdNode[], type: string) => nodes.filter((node) => node['@type'] === type);

/** Runs the checker once on every file (one JVM start), errors only; its JSON report comes on stderr. */
async function runNuChecker(files: string[]): Promise<{ url: string; message: string; lastLine?: number }[]> {
  const java = findJava();
  if (!java) throw new Error(JAVA_INSTALL_HINT);
  const child = spawn(java, [
    '-jar',
    vnuJarPath(),
    '--errors-only',
    '--format',
    'json',
    '--exit-zero-always',
    ...files,
  ]);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, `vnu exited with ${code}: ${stdout}${stderr.slice(0, 2000)}`).toBe(0);
  return (JSON.parse(stderr) as { messages: { type: string; url: string; message: string; lastLine?: number }[] })
    .messages;
}

test.describe('third-party validators on every page of the site map', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the site map lists the pages and courses, and all of them answer', async () => {
    const pages = await allPages();
    const paths = pages.map((page) => page.path);
    expect(paths).toContain('/');
    expect(paths.filter((pagePath) => pagePath.startsWith('/subCourse-details/')).length).toBeGreaterThan(50);
    expect(paths.filter((pagePath) => /course-details\/\d+$/.test(pagePath)).length).toBeGreaterThan(5);
  });

  test('the W3C Nu HTML checker finds no error on any of them, in place or streamed', async () => {
    test.setTimeout(240_000);
    // every page as the shared site serves it, and every kind of page rendered while the admin is slow, so
    // that each section streams in behind Suspense (its view then arrives in a hidden <div>)
    const pages = [...(await allPages()), ...(await streamedPages()), await videoOverSvgBanner()];
    // the first rendering of each page's own data streams (the layout's settings, once cached, do not)
    const streamed = pages.filter(
      (page) => page.path.startsWith('streamed ') && page.html.includes('<div hidden id="S:'),
    );
    expect(streamed.length).toBeGreaterThanOrEqual(3);
    const folder = test.info().outputPath('nu-checker');
    await mkdir(folder, { recursive: true });
    const fileToPath = new Map<string, string>();
    const files = await Promise.all(
      pages.map(async (page, index) => {
        const file = path.join(folder, `page-${String(index).padStart(3, '0')}.html`);
        fileToPath.set(`file:${file}`, page.path);
        await writeFile(file, page.html);
        return file;
      }),
    );
    const messages = await runNuChecker(files);
    const errors = messages.map(
      (message) => `${fileToPath.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message}`,
    );
    expect(errors.slice(0, 30), `${errors.length} errors`).toEqual([]);
  });

  test('every indexable page has one title of its own', async () => {
    const pages = await allPages();
    const byTitle = new Map<string, string[]>();
    for (const page of pages) {
      const titles = titlesOf(page.html);
      expect(titles, page.path).toHaveLength(1);
      if (isNoindex(page.html)) continue;
      byTitle.set(titles[0]!, [...(byTitle.get(titles[0]!) ?? []), page.path]);
    }
    const shared = [...byTitle].filter(([, paths]) => paths.length > 1);
    expect(shared).toEqual([]);
    expect(byTitle.size).toBeGreaterThan(90);
  });

  test("a category page and a course of the same name have different titles (the demo's case)", async () => {
    const pages = await allPages();
    const category = pages.find((page) => page.path === '/upcoming-training-course-details/108');
    const course = pages.find((page) => page.path === '/subCourse-details/customer-service-excellence');
    expect(category && course).toBeTruthy();
    const categoryData = await adminData<CourseCategory>('/upcoming-training/details/108');
    const courseData = await adminData<SubCourse>('/course-venue/details/customer-service-excellence');
    expect(categoryData.title).toBe(courseData.title); // the collision is real in the demo data
    expect(titlesOf(category!.html)[0]).toBe(`${categoryData.title}: upcoming courses | ${SITE_NAME}`);
    expect(titlesOf(course!.html)[0]).toBe(`${courseData.title} | ${SITE_NAME}`);
  });

  test('structured data: each Course describes itself, and its code is the courseCode', async () => {
    const pages = (await allPages()).filter((page) => page.path.startsWith('/subCourse-details/'));
    for (const page of pages) {
      const [course] = ofType(jsonLdOf(page.html), 'Course');
      expect(course, page.path).toBeDefined();
      const description = String(course!.description);
      expect(description, page.path).not.toMatch(/course code|category:/i);
      expect(description.length, page.path).toBeGreaterThan(20);
      expect(description.length, page.path).toBeLessThanOrEqual(300);
      expect(course!.courseCode, page.path).toBeTruthy();
      expect(description, page.path).not.toContain(String(course!.courseCode));
    }
    // the demo's text opens with "**Course code:** … · **Category:** …"; the description is the sentence after
    const slug = 'customer-service-excellence';
    const data = await adminData<SubCourse>(`/course-venue/details/${slug}`);
    expect(data.description).toMatch(/^\*\*Course code:\*\*/);
    const page = pages.find((candidate) => candidate.path === `/subCourse-details/${slug}`)!;
    const [course] = ofType(jsonLdOf(page.html), 'Course');
    const secondParagraph = data.description.split('\n\n')[1]!.replace(/\*\*/g, '');
    expect(secondParagraph.startsWith(String(course!.description))).toBe(true);
    expect(course!.description).toMatch(/[.!?]$/);
  });

  test('structured data: a Course list only where it can qualify (3+ courses, each named and described)', async () => {
    const pages = (await allPages()).filter((page) => /course-details\/\d+$/.test(page.path));
    let lists = 0;
    let withoutList = 0;
    for (const page of pages) {
      const kind = page.path.startsWith('/upcoming') ? 'upcoming-training' : 'learning-solution-training';
      const category = await adminData<CourseCategory>(`/${kind}/details/${page.path.split('/').at(-1)}`);
      const [list] = ofType(jsonLdOf(page.html), 'ItemList');
      if (category.training_course.length < 3) {
        expect(list, page.path).toBeUndefined();
        withoutList += 1;
        continue;
      }
      expect(list, page.path).toBeDefined();
      lists += 1;
      const items = list!.itemListElement as { position: number; item: JsonLdNode }[];
      expect(items.map((entry) => entry.item.name)).toEqual(category.training_course.map((course) => course.title));
      expect(items.map((entry) => entry.position)).toEqual(items.map((_, index) => index + 1));
      for (const { item } of items) {
        expect(item['@type']).toBe('Course');
        expect(String(item.description).length, `${page.path} ${String(item.name)}`).toBeGreaterThan(20);
        expect(String(item.description)).not.toMatch(/course code/i);
      }
    }
    // the demo has both kinds (two empty categories among them)
    expect(lists).toBeGreaterThan(0);
    expect(withoutList).toBeGreaterThan(0);
  });

  test('structured data: the organisation has a logo of 112 × 112 px or more, its address, contact point and hours', async () => {
    const pages = await allPages();
    const logos = new Set<string>();
    for (const page of pages) {
      const [organisation] = ofType(jsonLdOf(page.html), 'EducationalOrganization');
      expect(organisation, page.path).toBeDefined();
      logos.add(JSON.stringify(organisation!.logo));
    }
    expect(logos.size).toBe(1);
    const [organisation] = ofType(jsonLdOf(pages[0]!.html), 'EducationalOrganization');
    const logo = organisation!.logo as { url: string; width: number; height: number };
    // the picture itself, not just what the markup claims: PNG width and height from its IHDR chunk
    const bytes = Buffer.from(await (await fetch(logo.url.replace(new URL(logo.url).origin, site()))).arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(112);
    expect({ width, height }).toEqual({ width: logo.width, height: logo.height });

    expect(organisation!.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Unit 7, Seef Business Centre, Road 2825',
      addressLocality: 'Manama',
      addressCountry: 'BH',
    });
    expect(TEST_SITE_IDENTITY.SITE_ADDRESS).toMatch(/Manama, Kingdom of Bahrain$/);
    expect(TEST_SITE_IDENTITY.SITE_OPENING_HOURS).toBe('Saturday to Wednesday, 9:00 to 16:00');
    expect(organisation!.contactPoint).toMatchObject({
      '@type': 'ContactPoint',
      email: TEST_SITE_IDENTITY.SITE_EMAIL,
      hoursAvailable: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday'],
          opens: '09:00',
          closes: '16:00',
        },
      ],
    });
  });
});

/** Chromium's own accessibility tree under a table (not Playwright's ARIA snapshot, which reads the DOM). */
async function chromiumTable(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      nodeId: string;
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      childIds?: string[];
    }[];
  };
  await cdp.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const table = nodes.find((node) => !node.ignored && node.role?.value === 'table' && node.name?.value === name);
  expect(table, `a table named "${name}" in Chromium's accessibility tree`).toBeDefined();
  const rows: { role: string; name: string }[][] = [];
  const walk = (id: string) => {
    const node = byId.get(id);
    if (!node) return;
    if (!node.ignored && node.role?.value === 'row') {
      rows.push(
        (node.childIds ?? [])
          .map((child) => byId.get(child))
          .filter((cell) => cell && !cell.ignored)
          .map((cell) => ({ role: cell!.role?.value ?? '', name: cell!.name?.value ?? '' })),
      );
      return;
    }
    for (const child of node.childIds ?? []) walk(child);
  };
  walk(table!.nodeId);
  return rows;
}

test.describe('course tables restyled as cards at 375 px keep their rows and headers', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sessions table: a row per session, column headers, the course as row header', async ({ page }) => {
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    const slug = category.training_course[0]!.slug;
    const course = await adminData<SubCourse>(`/course-venue/details/${slug}`);
    expect(course.course_venue.length).toBeGreaterThan(0);
    await page.goto(`/subCourse-details/${encodeURIComponent(slug)}`);
    const table = page.locator('table').filter({ has: page.locator('caption', { hasText: 'Dates, venues and fees' }) });
    // really restyled: the rows are cards, not table rows
    expect(
      await table
        .locator('tbody tr')
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    ).not.toBe('table-row');
    const rows = await chromiumTable(page, `Dates, venues and fees for ${course.title}`);
    expect(rows).toHaveLength(course.course_venue.length + 1);
    expect(rows[0]!.map((cell) => cell.role)).toEqual(Array(6).fill('columnheader'));
    expect(rows[0]!.slice(0, 5).map((cell) => cell.name)).toEqual([
      'Course Title',
      'Start Date',
      'End Date',
      'Venue',
      'Fees (US $)',
    ]);
    for (const row of rows.slice(1)) {
      expect(row.map((cell) => cell.role)).toEqual(['rowheader', 'cell', 'cell', 'cell', 'cell', 'cell']);
      expect(row[0]!.name).toBe(course.title);
    }
    expect(rows.slice(1).map((row) => row[3]!.name)).toEqual(course.course_venue.map((session) => session.venue_name));
    // the same shape as Playwright's ARIA snapshot reads it
    await expect(table).toMatchAriaSnapshot(`
      - table:
        - rowgroup:
          - row:
            - columnheader "Course Title"
            - columnheader "Start Date"
            - columnheader "End Date"
            - columnheader "Venue"
            - columnheader "Fees (US $)"
    `);
  });

  test('the courses table of a category: a row per course, column headers, the title as row header', async ({
    page,
  }) => {
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    await page.goto('/upcoming-training-course-details/101');
    const rows = await chromiumTable(page, `Training courses in ${category.title}`);
    expect(rows).toHaveLength(category.training_course.length + 1);
    expect(rows[0]).toEqual([
      { role: 'columnheader', name: 'Code' },
      { role: 'columnheader', name: 'Training Courses' },
      { role: 'columnheader', name: 'Details' },
    ]);
    rows.slice(1).forEach((row, index) => {
      expect(row.map((cell) => cell.role)).toEqual(['cell', 'rowheader', 'cell']);
      expect(row[1]!.name).toBe(category.training_course[index]!.title);
    });
  });

  test("a table in a course's rich text is named after the heading above it", async ({ page }) => {
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    let slug: string | undefined;
    for (const course of category.training_course) {
      const data = await adminData<SubCourse>(`/course-venue/details/${course.slug}`);
      if (data.description.includes('### Daily outline\n\n<table>')) {
        slug = course.slug;
        break;
      }
    }
    expect(slug, 'a demo course with a "Daily outline" table').toBeDefined();
    await page.goto(`/subCourse-details/${encodeURIComponent(slug!)}`);
    const rows = await chromiumTable(page, 'Daily outline');
    expect(rows[0]!.map((cell) => cell.role)).toEqual(['columnheader', 'columnheader']);
    await expect(page.getByRole('region', { name: 'Daily outline' })).toBeVisible();
  });
});

test('a page whose admin text is very short still says what it is in its description', async () => {
  test.setTimeout(60_000);
  const pair = await startPair();
  try {
    pair.admin.editContent('/home-intro/content', (data) => ({
      ...(data as object),
      description: 'Intro *emphasis* marker body.',
    }));
    // the first rendering of a cold site has no intro yet (its head's fallback): wait for the admin's text
    let description = '';
    for (let attempt = 0; attempt < 20 && !description.includes('Intro'); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      const html = await (await fetch(`${pair.site.url}/`)).text();
      description = decodeEntities(/<meta name="description" content="([^"]*)"/.exec(html)![1]!);
    }
    expect(description).toMatch(
      new RegExp(
        `^${SITE_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: corporate training in Manama, Kingdom of Bahrain`,
      ),
    );
    expect(description).toContain('Intro emphasis marker body.');
    expect([...description].length).toBeLessThanOrEqual(160);
  } finally {
    await pair.stop();
  }
});
