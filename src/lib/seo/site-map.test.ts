import { describe, expect, test } from 'vitest';
import { buildSearchIndex } from '../search/search-index';
import { escapeXml, robotsTxt, siteMapFrom, siteMapPaths, sitemapXml } from './site-map';

const index = buildSearchIndex(
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
