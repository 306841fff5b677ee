// Issue 35, "pages bounded by design" (record 040): a category of 1 000 courses is listed 50 courses a page,
// each page at its own address behind plain links a crawler follows; together the pages list every course
// once, in the admin's order. A page number that names no page is a 404, `?page=1` is redirected to the
// category's own address, and the course list for search engines (/sitemap.xml, the /sitemap pages) stays
// complete while every page stays bounded.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SITEMAP_PAGE_LINKS } from '../../src/lib/seo/site-map';
import { axeViolations } from './support/axe';
import type { CourseCategory } from './support/admin-data';
import { decodeHtmlAttribute } from './support/html-text';
import { untilComplete } from './support/kept-index';
import { ofType, readHead, readJsonLd } from './support/seo-parse';
import { startAdmin, startSite, type DemoAdmin, type Site } from './support/servers';

/** The generated category of 1 000 courses (the demo admin's first added category). */
const BIG_CATEGORY = '/learning-solutions-course-details/301';
/** Courses a category page lists (record 040). */
const PER_PAGE = 50;
/** What a page of the big category weighed before: 2.5 MB of HTML. A page of 50 is about 190 KB. */
const PAGE_BYTES_MAX = 300_000;

let admin: DemoAdmin;
let site: Site;
let category: CourseCategory;
let indexDir: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  admin = await startAdmin({ courses: 1200, categorySize: 1000 });
  indexDir = await mkdtemp(path.join(os.tmpdir(), 'category-pages-index-'));
  const indexFile = path.join(indexDir, 'search-index.json');
  site = await startSite(admin, { SEARCH_INDEX_FILE: indexFile });
  category = (await (await fetch(`${admin.url}/learning-solution-training/details/301`)).json()).data;
  expect(category.training_course).toHaveLength(1000);
  // the course list's data (each course's description) and the sitemaps come from the search index, which
  // reads every course in the background: wait for its whole crawl before any page is rendered and kept
  await untilComplete(indexFile, site.url);
});

test.afterAll(async () => {
  await site?.stop();
  await admin?.close();
  if (indexDir) await rm(indexDir, { recursive: true, force: true });
});

/** The hrefs of `<a>` elements inside the first element that opens with `opening` (a table or a nav). */
function linksIn(html: string, opening: RegExp): string[] {
  const start = html.search(opening);
  if (start < 0) return [];
  const tag = /^<(\w+)/.exec(html.slice(start))![1]!;
  const end = html.indexOf(`</${tag}>`, start);
  const part = html.slice(start, end);
  return [...part.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => decodeHtmlAttribute(match[1]!));
}

/** The category's course addresses /sitemap.xml does not list. */
function missingFromSitemapXml(xml: string): string[] {
  const listed = new Set([...xml.matchAll(/<loc>[^<]*?(\/subCourse-details\/[^<]+)<\/loc>/g)].map((m) => m[1]));
  return category.training_course
    .map((course) => `/subCourse-details/${encodeURIComponent(course.slug)}`)
    .filter((path) => !listed.has(path));
}

const courseTable = /<table[\s>]/;
const pagesNav = /<nav [^>]*aria-label="Training courses pages"/;

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

test('page 1 lists the first 50 courses in the admin’s order, a bounded page with a nav of its pages', async () => {
  const { status, html } = await get(BIG_CATEGORY);
  expect(status).toBe(200);
  expect(Buffer.byteLength(html)).toBeLessThan(PAGE_BYTES_MAX);
  const courses = linksIn(html, courseTable);
  expect(courses).toEqual(
    category.training_course
      .slice(0, PER_PAGE)
      .map((course) => `/subCourse-details/${encodeURIComponent(course.slug)}`),
  );
  const pages = linksIn(html, pagesNav);
  expect(pages).toContain(`${BIG_CATEGORY}?page=2`);
  expect(pages).toContain(`${BIG_CATEGORY}?page=20`);
  expect(html).toMatch(new RegExp(`href="${BIG_CATEGORY}" aria-current="page"`));
  expect(html).toContain('Courses 1 to 50 of 1,000, page 1 of 20.');
});

test('following the pages’ links reaches every course exactly once, in order', async () => {
  test.setTimeout(120_000);
  const seen = new Set<string>([BIG_CATEGORY]);
  const queue = [BIG_CATEGORY];
  const coursesByPage = new Map<number, string[]>();
  while (queue.length) {
    const path = queue.shift()!;
    const { status, html } = await get(path);
    expect(status, path).toBe(200);
    coursesByPage.set(Number(new URL(path, site.url).searchParams.get('page') ?? 1), linksIn(html, courseTable));
    for (const link of linksIn(html, pagesNav)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  expect(coursesByPage.size).toBe(20);
  const everyCourse = [...coursesByPage.entries()].sort(([a], [b]) => a - b).flatMap(([, courses]) => courses);
  expect(everyCourse).toEqual(
    category.training_course.map((course) => `/subCourse-details/${encodeURIComponent(course.slug)}`),
  );
});

test('a later page has its own canonical address, title, description and course list data', async ({ page }) => {
  await page.goto(`${site.url}${BIG_CATEGORY}?page=2`);
  const second = await readHead(page);
  expect(second.canonical).toMatch(new RegExp(`${BIG_CATEGORY}\\?page=2$`));
  expect(second.titles).toHaveLength(1);
  expect(second.titles[0]).toContain(' – page 2 | ');
  expect(second.description).toContain('training courses 51 to 100 of 1,000');
  const [list] = ofType(await readJsonLd(page), 'ItemList');
  const items = list!.itemListElement as { position: number; item: { url: string } }[];
  expect(list!.numberOfItems).toBe(1000);
  expect(items.map((item) => item.position)).toEqual(Array.from({ length: PER_PAGE }, (_, index) => 51 + index));
  expect(items[0]!.item.url).toContain(encodeURIComponent(category.training_course[50]!.slug));

  await page.goto(`${site.url}${BIG_CATEGORY}`);
  const first = await readHead(page);
  expect(first.canonical).toMatch(new RegExp(`${BIG_CATEGORY}$`));
  expect(first.titles[0]).not.toContain('page');
  expect(first.description).not.toBe(second.description);
});

test('?page=1 is redirected to the category’s own address, other parameters kept', async () => {
  expect(await get(`${BIG_CATEGORY}?page=1`)).toMatchObject({ status: 308, location: BIG_CATEGORY });
  expect(await get(`${BIG_CATEGORY}?utm_source=mail&page=1`)).toMatchObject({
    status: 308,
    location: `${BIG_CATEGORY}?utm_source=mail`,
  });
});

test('a page number out of range or malformed is a 404 page that asks not to be indexed', async () => {
  for (const query of ['page=21', 'page=0', 'page=-1', 'page=02', 'page=abc', 'page=1.5', 'page=2&page=3', 'page=']) {
    const { status, html } = await get(`${BIG_CATEGORY}?${query}`);
    expect(status, query).toBe(404);
    expect(html, query).toContain('noindex');
    expect(html, query).toContain('We could not find that page');
  }
  // a category of a single page has no page 2
  expect((await get('/upcoming-training-course-details/101?page=2')).status).toBe(404);
});

test('the page cache keeps each page under its own key, and never the redirect of ?page=1', async () => {
  // a kept page is answered by the cache once its render has ended: ask until it is
  await expect
    .poll(async () => (await fetch(`${site.url}${BIG_CATEGORY}?page=3`)).headers.get('x-page-cache'), {
      timeout: 30_000,
    })
    .toBe('hit');
  const third = await get(`${BIG_CATEGORY}?page=3`);
  expect(linksIn(third.html, courseTable)[0]).toContain(encodeURIComponent(category.training_course[100]!.slug));
  for (const view of ['first', 'second']) {
    const redirect = await fetch(`${site.url}${BIG_CATEGORY}?page=1`, { redirect: 'manual' });
    expect(redirect.status, view).toBe(308);
    expect(redirect.headers.get('x-page-cache'), view).not.toBe('hit');
  }
});

test('/sitemap.xml lists every course of the category', async () => {
  const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
  expect(missingFromSitemapXml(xml)).toEqual([]);
});

test('the /sitemap pages are bounded and together link every course once', async () => {
  test.setTimeout(120_000);
  const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const courses = [...xml.matchAll(/<loc>[^<]*?(\/subCourse-details\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  const linked: string[] = [];
  let pageCount = 0;
  for (let number = 1; ; number += 1) {
    const { status, html } = await get(number === 1 ? '/sitemap' : `/sitemap?page=${number}`);
    if (status === 404) break;
    expect(status).toBe(200);
    pageCount = number;
    const catalogueLinks = [...html.matchAll(/<a href="(\/(?:subCourse|[a-z-]+-course)-details\/[^"]+)"/g)];
    expect(catalogueLinks.length).toBeLessThanOrEqual(SITEMAP_PAGE_LINKS + 1); // a continued category's heading
    linked.push(...catalogueLinks.map((m) => m[1]!).filter((path) => path.startsWith('/subCourse-details/')));
    expect(Buffer.byteLength(html)).toBeLessThan(PAGE_BYTES_MAX);
  }
  expect(pageCount).toBeGreaterThan(1);
  expect(linked.toSorted()).toEqual([...new Set(courses)].toSorted());
  expect(await get('/sitemap?page=1')).toMatchObject({ status: 308, location: '/sitemap' });
});

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`${viewport.name} ${viewport.width}px: a paged category page has no axe violations and a usable nav`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`${site.url}${BIG_CATEGORY}?page=2`);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    const nav = page.getByRole('navigation', { name: 'Training courses pages' });
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    for (const link of await nav.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    // nothing of the nav is cut off or scrolls sideways on a phone
    const navBox = (await nav.boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`${site.url}${BIG_CATEGORY}?page=3`);
    await expect(
      page
        .getByRole('navigation', { name: 'Training courses pages' })
        .getByRole('link', { name: 'Page 3', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  });
}
