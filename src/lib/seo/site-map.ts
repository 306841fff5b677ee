/**
 * The list of public pages, built once from the search index's catalogue (which the content cache keeps
 * fresh, so the sitemap costs no admin calls of its own), and its two renderings: /sitemap.xml for search
 * engines and the /sitemap page for people (in pages of a bounded size, record 040).
 */
import type { SearchIndex } from '../search/search-index';
import { listPage, type ListPage } from '../list-pages';
import { href, SITE_PAGES } from '../site-routes';

type SiteMapLink = { title: string; path: string };
type SiteMapSection = { title: string; path: string; courses: SiteMapLink[] };

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

/**
 * Links on one page of /sitemap (record 040): at 20 000 courses the whole list was a page of megabytes; 250
 * links keep a page near 140 KB. Each category's heading counts as one; the fixed pages (page 1) do not.
 */
export const SITEMAP_PAGE_LINKS = 250;

/** A category on one page of /sitemap: `continued` when its heading and first courses are on the page before. */
export type SiteMapPageSection = SiteMapSection & { continued: boolean };

/** One page of /sitemap: the fixed pages on the first, then the next categories and courses in reading order. */
export type SiteMapPage = Pick<SiteMap, 'pages'> &
  Pick<ListPage<SiteMapLink>, 'page' | 'pageCount'> &
  Record<'upcoming' | 'solutions', SiteMapPageSection[]>;

type Entry = { group: 'upcoming' | 'solutions'; section: SiteMapSection; course?: SiteMapLink };

/**
 * Page `page` of the site map for people, `linksPerPage` catalogue links at a time in reading order (a
 * category's heading, then its courses); null past the last page. The pages together link every category
 * and course once.
 */
export function siteMapPage(map: SiteMap, page: number, linksPerPage = SITEMAP_PAGE_LINKS): SiteMapPage | null {
  const entries: Entry[] = (['upcoming', 'solutions'] as const).flatMap((group) =>
    map[group].flatMap((section): Entry[] => [
      { group, section },
      ...section.courses.map((course) => ({ group, section, course })),
    ]),
  );
  const shown = listPage(entries, page, linksPerPage);
  if (!shown) return null;
  const groups = { upcoming: [] as SiteMapPageSection[], solutions: [] as SiteMapPageSection[] };
  for (const entry of shown.items) {
    const sections = groups[entry.group];
    let current = sections.at(-1);
    if (current?.path !== entry.section.path) {
      current = { title: entry.section.title, path: entry.section.path, courses: [], continued: !!entry.course };
      sections.push(current);
    }
    if (entry.course) current.courses.push(entry.course);
  }
  return { pages: page === 1 ? map.pages : [], ...groups, page: shown.page, pageCount: shown.pageCount };
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

/** The protocol's limit of URLs in one sitemap file (sitemaps.org); past it, a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The sitemap as files: up to `maxUrls` addresses, `/sitemap.xml` is the urlset; past that it is a sitemap
 * index naming `/sitemap-1.xml`… of at most `maxUrls` each (in reading order), which carry the addresses.
 */
export function sitemapFiles(
  origin: string,
  paths: readonly string[],
  maxUrls = SITEMAP_MAX_URLS,
): { index: string; parts: string[] } {
  if (paths.length <= maxUrls) return { index: sitemapXml(origin, paths), parts: [] };
  const parts: string[] = [];
  for (let from = 0; from < paths.length; from += maxUrls)
    parts.push(sitemapXml(origin, paths.slice(from, from + maxUrls)));
  const index = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map(
      (_, number) =>
        `  <sitemap><loc>${escapeXml(`${origin}${href('/sitemap-[n].xml', { n: number + 1 })}`)}</loc></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
  return { index, parts };
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${origin}${href('/sitemap.xml')}`, ''].join('\n');
}
