/**
 * The list of public pages, built once from the search index's catalogue (which the content cache keeps
 * fresh, so the sitemap costs no admin calls of its own), and its two renderings: /sitemap.xml for search
 * engines and the /sitemap page for people.
 */
import type { SearchIndex } from '../search/search-index';
import { SITE_PAGES } from '../site-routes';

type SiteMapLink = { title: string; path: string };
type SiteMapGroup = { title: string; links: SiteMapLink[] };
export type SiteMapSection = { title: string; path: string; courses: SiteMapLink[] };

export type SiteMap = {
  pages: SiteMapLink[];
  upcoming: SiteMapSection[];
  solutions: SiteMapSection[];
};

/** The pages that are always there, in the route table's order (the menu's). */
const FIXED_PAGES: readonly SiteMapLink[] = SITE_PAGES.flatMap((page) =>
  page.sitemap ? [{ title: page.title, path: page.path }] : [],
);

export function siteMapFrom(index: SearchIndex | undefined): SiteMap {
  const sections = (kind: 'upcoming' | 'solution'): SiteMapSection[] =>
    (index?.categories ?? [])
      .filter((category) => category.kind === kind)
      .map((category) => ({
        title: category.title,
        path: category.href,
        courses: index!.courses
          .filter((course) => course.categoryKeys.includes(category.key))
          .map((course) => ({ title: course.title, path: course.href })),
      }));
  return { pages: [...FIXED_PAGES], upcoming: sections('upcoming'), solutions: sections('solution') };
}

/** Every address once, in reading order: fixed pages, then each category followed by its courses. */
export function siteMapPaths(map: SiteMap): string[] {
  const paths = [
    ...map.pages.map((page) => page.path),
    ...[...map.upcoming, ...map.solutions].flatMap((section) => [
      section.path,
      ...section.courses.map((course) => course.path),
    ]),
  ];
  return [...new Set(paths)];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/**
 * A sitemaps.org urlset. Paths are already percent-encoded (slugs through encodeURIComponent, so
 * non-ASCII slugs are UTF-8 %XX); the result is also XML-escaped, as the protocol requires.
 */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, `${origin}/`).href)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
