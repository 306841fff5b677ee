import { describe, expect, test } from 'vitest';
import { buildSearchIndex } from '../search/search-index';
import { match } from '../site-routes';
import {
  escapeXml,
  robotsTxt,
  SITEMAP_MAX_URLS,
  siteMapFrom,
  siteMapPage,
  siteMapPaths,
  sitemapFiles,
  sitemapXml,
} from './site-map';

const index = await buildSearchIndex(
  {
    categories: [
      {
        kind: 'upcoming',
        id: 101,
        title: 'Management & Leadership',
        courses: [
          { id: 1, code: 'ML-1', title: 'Leading Teams', slug: 'leading-teams' },
          { id: 2, code: 'ML-2', title: 'إدارة المشاريع', slug: 'إدارة-المشاريع' },
        ],
      },
      {
        kind: 'solution',
        id: 201,
        title: 'Finance',
        courses: [{ id: 1, code: 'ML-1', title: 'Leading Teams', slug: 'leading-teams' }],
      },
      { kind: 'solution', id: 208, title: 'Empty', courses: [] },
    ],
    sessionsBySlug: new Map(),
  },
  Date.parse('2026-01-01T00:00:00Z'),
);

describe('the site map', () => {
  const map = siteMapFrom(index);

  test('groups courses under their categories, also a course listed twice', () => {
    expect(map.upcoming.map((section) => section.path)).toEqual(['/upcoming-training-course-details/101']);
    expect(map.upcoming[0]!.courses.map((course) => course.title)).toEqual(['Leading Teams', 'إدارة المشاريع']);
    expect(map.solutions.map((section) => section.courses.length)).toEqual([1, 0]);
  });

  test('every address once, non-ASCII slugs percent-encoded', () => {
    const paths = siteMapPaths(map);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain(
      '/subCourse-details/%D8%A5%D8%AF%D8%A7%D8%B1%D8%A9-%D8%A7%D9%84%D9%85%D8%B4%D8%A7%D8%B1%D9%8A%D8%B9',
    );
    expect(paths).toContain('/learning-solutions-course-details/208');
    expect(paths).toContain('/privacy-policy');
    expect(paths).not.toContain('/search');
  });

  test('without an index, the fixed pages', () => {
    expect(siteMapPaths(siteMapFrom(undefined))).toContain('/about');
  });
});

describe('sitemapXml and robotsTxt', () => {
  test('absolute, XML-escaped addresses in the sitemaps.org namespace', () => {
    const xml = sitemapXml('https://www.example.com', ['/', "/subCourse-details/a&b'c"]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<loc>https://www.example.com/</loc>');
    expect(xml).toContain('<loc>https://www.example.com/subCourse-details/a&amp;b&apos;c</loc>');
  });

  test('escapeXml', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });

  test('robots.txt names the sitemap by its absolute address', () => {
    expect(robotsTxt('https://www.example.com')).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });
});

describe('sitemapFiles', () => {
  const paths = (count: number) => Array.from({ length: count }, (_, index) => `/subCourse-details/course-${index}`);
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

  test('up to 50 000 addresses: one urlset, no parts', () => {
    const files = sitemapFiles('https://www.example.com', paths(SITEMAP_MAX_URLS));
    expect(files.parts).toEqual([]);
    expect(files.index).toContain('<urlset');
    expect(locs(files.index)).toHaveLength(SITEMAP_MAX_URLS);
  });

  test('past 50 000 addresses: a sitemap index of parts of at most 50 000, every address once, in order', () => {
    const all = paths(120_001);
    const files = sitemapFiles('https://www.example.com', all);
    expect(files.index).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(files.index)).toEqual([1, 2, 3].map((n) => `https://www.example.com/sitemap-${n}.xml`));
    expect(files.parts.map((part) => locs(part).length)).toEqual([50_000, 50_000, 20_001]);
    expect(files.parts.flatMap(locs)).toEqual(all.map((path) => `https://www.example.com${path}`));
    for (const part of files.parts) expect(part).toContain('<urlset');
    // each part names a path the site answers
    expect(locs(files.index).map((loc) => match('/sitemap-[n].xml', new URL(loc).pathname) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
  });
});

describe('the site map for people, in pages', () => {
  const course = (n: number) => ({ title: `Course ${n}`, path: `/subCourse-details/c-${n}` });
  const section = (path: string, from: number, count: number) => ({
    title: path,
    path,
    courses: Array.from({ length: count }, (_, i) => course(from + i)),
  });
  const map = {
    pages: [{ title: 'About Us', path: '/about' }],
    upcoming: [
      section('/upcoming-training-course-details/1', 1, 5),
      section('/upcoming-training-course-details/2', 6, 0),
    ],
    solutions: [section('/learning-solutions-course-details/3', 6, 4)],
  };
  const linksOf = (page: NonNullable<ReturnType<typeof siteMapPage>>) =>
    [...page.upcoming, ...page.solutions].flatMap((entry) => [
      ...(entry.continued ? [] : [entry.path]),
      ...entry.courses.map((c) => c.path),
    ]);

  test('each page holds the next links in reading order; a category cut by a page goes on, marked', () => {
    const first = siteMapPage(map, 1, 4)!;
    expect(first).toMatchObject({ page: 1, pageCount: 3, pages: map.pages });
    expect(linksOf(first)).toEqual(['/upcoming-training-course-details/1', ...[1, 2, 3].map((n) => course(n).path)]);
    const second = siteMapPage(map, 2, 4)!;
    expect(second.pages).toEqual([]);
    expect(second.upcoming.map((entry) => [entry.path, entry.continued])).toEqual([
      ['/upcoming-training-course-details/1', true],
      ['/upcoming-training-course-details/2', false],
    ]);
    expect(second.solutions.map((entry) => entry.continued)).toEqual([false]);
  });

  test('the pages together link every category and course exactly once', () => {
    const pages = [1, 2, 3].map((page) => siteMapPage(map, page, 4)!);
    const links = pages.flatMap(linksOf);
    const expected = [...map.upcoming, ...map.solutions].flatMap((entry) => [
      entry.path,
      ...entry.courses.map((c) => c.path),
    ]);
    expect(links).toEqual(expected);
    expect(siteMapPage(map, 4, 4)).toBeNull();
  });

  test('without a catalogue there is one page, of the fixed pages', () => {
    const only = siteMapPage(siteMapFrom(undefined), 1)!;
    expect(only.pageCount).toBe(1);
    expect(only.pages.length).toBeGreaterThan(5);
    expect(siteMapPage(siteMapFrom(undefined), 2)).toBeNull();
  });
});
