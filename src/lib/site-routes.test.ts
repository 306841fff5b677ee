import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  FOOTER_LINKS,
  href,
  linkTo,
  match,
  MENU_LINKS,
  NOT_FOUND_PAGE,
  routeMatcher,
  SERVER_FILES,
  SITE_PAGES,
} from './site-routes';

const PAGES_DIR = fileURLToPath(new URL('../pages', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The extensions Waku's file router loads (waku/dist/lib/constants.js). */
const EXTENSIONS = /\.(?:js|ts|tsx|jsx|mjs|cjs)$/;

/**
 * The route Waku 0.27's file router (waku/dist/router/fs-router.js) gives a file under src/pages/, or undefined
 * when the file is no page: a layout, the root, a slice, an API route (never a page: page-key.ts), or a file
 * in `_components`/`_hooks`. `index` is its folder, a `_part…` file belongs to its folder's page, and a
 * `(group)` folder is not part of the address.
 */
function routeOfPageFile(file: string): string | undefined {
  const items = file
    .replace(/\.\w+$/, '')
    .split('/')
    .filter(Boolean);
  if (items.some((item) => item === '_components' || item === '_hooks')) return undefined;
  if (items[0] === 'api' || items[0] === '_slices') return undefined;
  const last = items.at(-1) ?? '';
  if (last === '_layout' || last === '_root') return undefined;
  const segments = last === 'index' || last.startsWith('_part') ? items.slice(0, -1) : items;
  return `/${segments.filter((segment) => !segment.startsWith('(')).join('/')}`;
}

function pageFiles(): string[] {
  return (
    readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      // every such file, as Waku's glob takes it (a test file there would be a page too)
      .filter((file) => EXTENSIONS.test(file))
  );
}

describe('the route table', () => {
  test('maps files to routes as Waku does', () => {
    expect(routeOfPageFile('index.tsx')).toBe('/');
    expect(routeOfPageFile('about.tsx')).toBe('/about');
    expect(routeOfPageFile('subCourse-details/[slug].tsx')).toBe('/subCourse-details/[slug]');
    expect(routeOfPageFile('guides/index.tsx')).toBe('/guides');
    expect(routeOfPageFile('(marketing)/offers.tsx')).toBe('/offers');
    expect(routeOfPageFile('404.tsx')).toBe('/404');
    for (const file of ['_layout.tsx', '_root.tsx', 'guides/_layout.tsx', '_components/x.tsx', 'api/ping.ts']) {
      expect(routeOfPageFile(file), file).toBeUndefined();
    }
  });

  test('lists every page of src/pages/, and no page that has no file', () => {
    const files = pageFiles();
    // guards the reading itself: an empty or wrong folder would make the comparison below pass for nothing
    expect(files).toContain('index.tsx');
    const routes = new Map<string, string>();
    for (const file of files) {
      const route = routeOfPageFile(file);
      if (route !== undefined) routes.set(route, file);
    }
    const listed = new Set([...SITE_PAGES.map((page) => page.path), NOT_FOUND_PAGE.path]);

    const notListed = [...routes].filter(([route]) => !listed.has(route));
    const noFile = [...listed].filter((route) => !routes.has(route));
    expect({
      'pages missing from SITE_PAGES in src/lib/site-routes.ts': notListed.map(
        ([route, file]) => `src/pages/${file} (route ${route})`,
      ),
      'routes in src/lib/site-routes.ts with no file under src/pages/': noFile,
    }).toEqual({
      'pages missing from SITE_PAGES in src/lib/site-routes.ts': [],
      'routes in src/lib/site-routes.ts with no file under src/pages/': [],
    });
    expect(listed.size, 'each route is listed once').toBe(SITE_PAGES.length + 1);
  });

  test('the menu, the footer and the 404 page’s way on', () => {
    expect(MENU_LINKS).toEqual([
      { href: '/about', label: 'About Us' },
      { href: '/learning-solutions', label: 'Learning Solutions' },
      { href: '/conferences', label: 'Conferences/Summits' },
      { href: '/destination-training', label: 'Destination Training' },
      { href: '/consultations', label: 'Consultations' },
      { href: '/gallery', label: 'Gallery' },
    ]);
    expect(FOOTER_LINKS).toEqual([
      { href: '/privacy-policy', label: 'Privacy Policy' },
      { href: '/sitemap', label: 'Sitemap' },
    ]);
    expect(linkTo('/contact-us')).toEqual({ href: '/contact-us', label: 'Contact Us' });
  });

  test('a route matches its addresses only', () => {
    const course = routeMatcher('/subCourse-details/[slug]');
    expect(course.test('/subCourse-details/leading-teams')).toBe(true);
    expect(course.test('/subCourse-details/a/b')).toBe(false);
    expect(course.test('/subCourse-details/')).toBe(false);
    expect(routeMatcher('/').test('/')).toBe(true);
    expect(routeMatcher('/').test('/about')).toBe(false);
    const calendar = routeMatcher('/calendar/[slug]/[n].ics');
    expect(calendar.test('/calendar/pmp/1.ics')).toBe(true);
    expect(calendar.test('/calendar/pmp/1xics')).toBe(false); // the dot is a dot
    expect(routeMatcher('/files/[...rest]').test('/files/a/b')).toBe(true);
    expect(routeMatcher('/sitemap.xml').test('/sitemapxxml')).toBe(false);
  });

  test('href writes a route’s address: segments encoded, the table’s query order, empty values left out', () => {
    expect(href('/about')).toBe('/about');
    expect(href('/subCourse-details/[slug]', { slug: 'café leadership/1' })).toBe(
      '/subCourse-details/caf%C3%A9%20leadership%2F1',
    );
    expect(href('/upcoming-training-course-details/[id]', { id: 101 })).toBe('/upcoming-training-course-details/101');
    expect(href('/calendar/[slug]/[n].ics', { slug: 'pmp', n: 2 })).toBe('/calendar/pmp/2.ics');
    // the table lists message before trainingFor: one order, so one page-cache key for the same link
    expect(href('/contact-us', { query: { trainingFor: 'team', message: 'a & b' }, hash: 'enquiry' })).toBe(
      '/contact-us?message=a+%26+b&trainingFor=team#enquiry',
    );
    expect(href('/search', { query: { q: '', page: undefined, venue: 'Dubai' } })).toBe('/search?venue=Dubai');
    expect(href('/search')).toBe('/search');
    // @ts-expect-error a parameter the route does not take does not compile
    href('/search', { query: { utm_source: 'x' } });
    // @ts-expect-error a route not in the table does not compile (nor run)
    expect(() => href('/no-such-page')).toThrow(/not in the route table/);
  });

  test('match reads a path back into the route’s segments, as they appear in it', () => {
    const slug = 'caf%C3%A9';
    expect(match('/subCourse-details/[slug]', `/subCourse-details/${slug}`)).toEqual({ slug });
    expect(match('/subCourse-details/[slug]', '/subCourse-details/a/b')).toBeUndefined();
    expect(match('/calendar/[slug]/[n].ics', '/calendar/pmp/12.ics')).toEqual({ slug: 'pmp', n: '12' });
    expect(match('/brochure/[slug].pdf', '/brochure/upcoming/1.pdf')).toBeUndefined();
    expect(match('/brochure/upcoming/[id].pdf', '/brochure/upcoming/1.pdf')).toEqual({ id: '1' });
    expect(match('/search', '/search')).toEqual({});
    expect(match('/search', '/search/x')).toBeUndefined();
    for (const route of [...SITE_PAGES, ...SERVER_FILES].map((entry) => entry.path)) {
      const params = Object.fromEntries(
        [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((found) => [found[1]!, `value-of-${found[1]}`]),
      );
      const written = (href as (route: string, parts?: object) => string)(route, params);
      expect(match(route as '/', written), route).toEqual(params);
    }
  });

  test('no address is written by hand outside the route table: every one comes from href()', () => {
    const routes = [...SITE_PAGES, ...SERVER_FILES].map((entry) => entry.path).filter((path) => path !== '/');
    // the fixed start of each route: '/about', '/subCourse-details/', '/calendar/', '/sitemap-' …
    const starts = [...new Set(routes.map((route) => route.split('[')[0]!))];
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // in quotes, or after an interpolation (`${origin}/calendar/…`); and the home page with a fragment or query
    const literal = new RegExp(`(['"\`}])(${starts.map(escape).join('|')})(?=[\`'"/?#$]|$)|(['"\`])(\/[#?])`, 'g');
    const routeNames = new Set(routes);
    // a route's own name is fine where it names a route: given to href(), match() or linkTo(), a Meta's or
    // a table's `route`, Waku's PageProps, a key of the server files' answers, or checked against RoutePath
    const namesRouteBefore = /(?:\b(?:href|match|linkTo)\(|\broute[=:]\s*\{?|PageProps<|\()\s*$/;
    const namesRouteAfter = /^\s*(?::|satisfies\s+RoutePath)/;
    const found: string[] = [];
    const files = readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file))
      .filter((file) => !['lib/site-routes.ts', 'pages.gen.ts'].includes(file))
      .filter((file) => !file.startsWith('lib/admin/')); // the admin's own API paths (`/gallery/content`) are not ours
    expect(files).toContain('components/courses/sub-course-page.tsx'); // the folder was read
    for (const file of files) {
      // comments may name an address: blanked, keeping the lines where they are
      const text = readFileSync(`${SRC_DIR}/${file}`, 'utf8')
        .split('\n')
        .map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line))
        .join('\n');
      for (const hit of text.matchAll(literal)) {
        const quote = hit[1] ?? hit[3]!;
        const start = hit.index + 1;
        const end = quote === '}' ? start + hit[2]!.length : text.indexOf(quote, start);
        const written = text.slice(start, end);
        const before = text.slice(Math.max(0, hit.index - 60), hit.index);
        const after = text.slice(end + 1, end + 40);
        if (quote !== '}' && routeNames.has(written) && (namesRouteBefore.test(before) || namesRouteAfter.test(after)))
          continue;
        const line = text.slice(0, hit.index).split('\n').length;
        found.push(`src/${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
