/**
 * Every address of the site, in one table, with what the rest of the site needs to know about it: the menu
 * and the footer (below), the sitemap's fixed pages (seo/site-map.ts), the clean-URL redirects
 * (seo/clean-path.ts), the methods each address takes (http/request-rules.ts), the query parameters in the
 * page cache's key (page-cache/page-key.ts) and the e2e tests' route list (tests/e2e/support/routes.ts) are
 * all read from here. A new page is added here once: site-routes.test.ts fails while a file under
 * src/pages/ has no entry, or an entry has no file.
 */

import { PAGE_PARAMETER } from './list-pages';

export type Method = 'GET' | 'HEAD' | 'POST';

const READ = ['GET', 'HEAD'] as const;
/** A page with an enquiry form: without JavaScript the form posts to the page itself (multipart). */
const READ_AND_FORM_POST = ['GET', 'HEAD', 'POST'] as const;

export type SitePage = {
  /** The route as Waku's file router names the file under src/pages/: `[slug]` is a path segment that varies. */
  readonly path: string;
  /** What the page is called in the sitemap, the footer and links to it (`linkTo`). */
  readonly title: string;
  /** In the main menu (header, mobile menu, footer's Explore column, the 404 page's way on), under this label. */
  readonly menu?: string;
  /** In the footer's bottom line, beside the copyright. */
  readonly footer?: true;
  /**
   * Among the sitemap's fixed pages (/sitemap.xml and /sitemap), in this table's order. Course and category
   * pages are listed from the catalogue instead; a search result or a registration form is not a page to list.
   */
  readonly sitemap: boolean;
  /** What it answers: read, and a form page also takes its form's post (otherwise 405). */
  readonly methods: readonly Method[];
  /**
   * The query parameters that change the page, in the order the page cache's key lists them. The page
   * ignores any other (`?utm_source=…`), so the cache keeps one copy for all of them.
   */
  readonly query: readonly string[];
  /**
   * Asked for ahead of a click when a visitor points at a link to it (speculation rules), unless false: a
   * search is computed for its query and a registration form is made for its session, so neither is worth
   * fetching for a visitor who may not come.
   */
  readonly prefetch?: false;
};

const PAGES = [
  { path: '/', title: 'Home', sitemap: true, methods: READ_AND_FORM_POST, query: [] },
  { path: '/about', title: 'About Us', menu: 'About Us', sitemap: true, methods: READ, query: [] },
  {
    path: '/learning-solutions',
    title: 'Learning Solutions',
    menu: 'Learning Solutions',
    sitemap: true,
    methods: READ,
    query: [],
  },
  {
    path: '/conferences',
    title: 'Conferences and Summits',
    menu: 'Conferences/Summits',
    sitemap: true,
    methods: READ,
    query: [],
  },
  {
    path: '/destination-training',
    title: 'Destination Training',
    menu: 'Destination Training',
    sitemap: true,
    methods: READ,
    query: [],
  },
  { path: '/consultations', title: 'Consultations', menu: 'Consultations', sitemap: true, methods: READ, query: [] },
  { path: '/customized-in-house', title: 'Customized In-House Training', sitemap: true, methods: READ, query: [] },
  { path: '/gallery', title: 'Gallery', menu: 'Gallery', sitemap: true, methods: READ, query: [] },
  // the query string prefills the form (src/lib/enquiry-links.ts)
  {
    path: '/contact-us',
    title: 'Contact Us',
    sitemap: true,
    methods: READ_AND_FORM_POST,
    query: ['message', 'trainingFor'],
  },
  { path: '/privacy-policy', title: 'Privacy Policy', footer: true, sitemap: true, methods: READ, query: [] },
  // a list in pages (record 040): `page` names one of them, every one its own kept page
  { path: '/sitemap', title: 'Sitemap', footer: true, sitemap: true, methods: READ, query: [PAGE_PARAMETER] },
  // a course category's courses in pages (record 040), with Quick Inquiry and Call Me Back beside them
  {
    path: '/upcoming-training-course-details/[id]',
    title: 'Upcoming course category',
    sitemap: false,
    methods: READ_AND_FORM_POST,
    query: [PAGE_PARAMETER],
  },
  {
    path: '/learning-solutions-course-details/[id]',
    title: 'Learning solution category',
    sitemap: false,
    methods: READ_AND_FORM_POST,
    query: [PAGE_PARAMETER],
  },
  { path: '/subCourse-details/[slug]', title: 'Course', sitemap: false, methods: READ_AND_FORM_POST, query: [] },
  {
    path: '/search',
    title: 'Search',
    sitemap: false,
    methods: READ,
    query: ['q', 'category', 'venue', 'month', 'year', PAGE_PARAMETER],
    prefetch: false,
  },
  // the session comes from the query string (record 028)
  {
    path: '/register',
    title: 'Register',
    sitemap: false,
    methods: READ_AND_FORM_POST,
    query: ['session'],
    prefetch: false,
  },
] as const satisfies readonly SitePage[];

/** The pages of src/pages/ that have an address of their own. */
export const SITE_PAGES: readonly SitePage[] = PAGES;

export type PagePath = (typeof PAGES)[number]['path'];
/** A page whose address is its route (no segment that varies). */
export type FixedPagePath = Exclude<PagePath, `${string}[${string}`>;

/**
 * Waku's page (src/pages/404.tsx) for an address no page or file has, answered with status 404: it has no
 * address of its own, so it is never redirected to, listed or keyed by anything here.
 */
export const NOT_FOUND_PAGE = { path: '/404', title: 'Page not found' } as const;

export type ServerFile = {
  /** Its address, written as a page's route is: `[n]` is a segment that varies, `[...rest]` the rest of the path. */
  readonly path: string;
  readonly methods: readonly Method[];
  /**
   * A wrong letter case of its first segment is redirected like a page's (`/Calendar/…`, see clean-path.ts).
   * Files a program asks for by their exact name (robots, health checks, pictures) are not.
   */
  readonly caseRedirect: boolean;
  /** The query parameters it reads, in the order its links write them. */
  readonly query?: readonly string[];
};

/** Addresses the server answers itself (steps of the request chain, src/request-chain/), that are not pages: the page cache never keeps them. */
const FILES = [
  { path: '/robots.txt', methods: READ, caseRedirect: false },
  // every page, for search engines: one file, or past 50 000 addresses a sitemap index of parts (site-map.ts)
  { path: '/sitemap.xml', methods: READ, caseRedirect: false },
  { path: '/sitemap-[n].xml', methods: READ, caseRedirect: false },
  // a course session's iCalendar file, n counting the course page's sessions from 1
  { path: '/calendar/[slug]/[n].ics', methods: READ, caseRedirect: true },
  // a course's brochure with every session, a PDF to forward to a manager
  { path: '/brochure/[slug].pdf', methods: READ, caseRedirect: true },
  // a course-details page's brochure: its courses, their codes and sessions
  { path: '/brochure/upcoming/[id].pdf', methods: READ, caseRedirect: true },
  { path: '/brochure/solution/[id].pdf', methods: READ, caseRedirect: true },
  // a registration's quotation, from its sealed address (record 037)
  { path: '/quotation/[sealed].pdf', methods: READ, caseRedirect: false },
  // what the header search suggests while a visitor types (JSON)
  { path: '/search-suggestions', methods: READ, caseRedirect: false, query: ['q'] },
  // the admin's and the caches' health, live
  { path: '/healthz', methods: READ, caseRedirect: false },
  // an admin's picture resized for the screen (record 026)
  { path: '/_img/[width]/[signature]/[address]', methods: READ, caseRedirect: false },
] as const satisfies readonly ServerFile[];

export const SERVER_FILES: readonly ServerFile[] = FILES;

export type ServerFilePath = (typeof FILES)[number]['path'];
/** Every address of the table, page or file, as its route is written. */
export type RoutePath = PagePath | ServerFilePath;

/** The names of a route's varying segments: `/calendar/[slug]/[n].ics` → 'slug' | 'n'. */
type ParamName<Route extends string> = Route extends `${string}[${infer Name}]${infer Rest}`
  ? (Name extends `...${infer Spread}` ? Spread : Name) | ParamName<Rest>
  : never;

/** The query parameters a route's table entry names (a page's `query`, a file's `query`). */
type QueryName<Route extends RoutePath> =
  Extract<(typeof PAGES)[number] | (typeof FILES)[number], { path: Route }> extends infer Entry
    ? Entry extends { query: readonly (infer Name)[] }
      ? Name & string
      : never
    : never;

/** What `href` takes beside the route: a value for each varying segment, the query and a fragment. */
export type AddressParts<Route extends RoutePath> = { readonly [Name in ParamName<Route>]: string | number } & {
  /** Only the parameters the table names for the route; an empty or undefined value is left out. */
  readonly query?: { readonly [Name in QueryName<Route>]?: string | number | undefined };
  readonly hash?: string;
};

/**
 * The address of a route of the table, the one way the site writes its own links: each varying segment is
 * percent-encoded (a `[...rest]` one segment by segment), the query keeps the table's order of parameters.
 */
export function href<Route extends RoutePath>(
  route: Route,
  ...[parts]: [ParamName<Route>] extends [never] ? [parts?: AddressParts<Route>] : [parts: AddressParts<Route>]
): string {
  const values = (parts ?? {}) as Record<string, unknown>;
  const path = route.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, spread: string | undefined, name: string) => {
    const value = String(values[name]);
    return spread ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  const query = (parts?.query ?? {}) as Record<string, string | number | undefined>;
  for (const name of compiled(route).query) {
    const value = query[name];
    if (value !== undefined && value !== '' && !Number.isNaN(value)) search.set(name, String(value));
  }
  const queryString = search.toString();
  return `${path}${queryString ? `?${queryString}` : ''}${parts?.hash ? `#${parts.hash}` : ''}`;
}

type CompiledRoute = { matcher: RegExp; names: string[]; query: readonly string[] };

/** Each route's matcher, segment names and query order, made on first use (href and match run on every link and request). */
const COMPILED = new Map<string, CompiledRoute>();

function compiled(route: RoutePath): CompiledRoute {
  let found = COMPILED.get(route);
  if (!found) {
    const entry = [...PAGES, ...FILES].find((candidate) => candidate.path === route);
    if (!entry) throw new Error(`${route} is not in the route table (src/lib/site-routes.ts)`);
    found = {
      matcher: routeMatcher(route, true),
      names: [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((name) => name[1]!),
      query: 'query' in entry ? entry.query : [],
    };
    COMPILED.set(route, found);
  }
  return found;
}

/**
 * The varying segments of a path that is an address of the route, as they appear in it (still
 * percent-encoded: each reader parses its own, e.g. parseSubCourseSlug), or undefined when it is not one.
 */
export function match<Route extends RoutePath>(
  route: Route,
  pathname: string,
): { readonly [Name in ParamName<Route>]: string } | undefined {
  const { matcher, names } = compiled(route);
  const found = matcher.exec(pathname);
  if (!found) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) as {
    [Name in ParamName<Route>]: string;
  };
}

const REGEXP_SPECIALS = /[.*+?^${}()|\\]/g;

/** Matches the addresses of a route written as above: `[x]` one segment, `[...x]` one or more. */
export function routeMatcher(path: string, capture = false): RegExp {
  // a bracket never holds a '/', so the path splits into its brackets and the text between them
  const source = path
    .split(/(\[(?:\.\.\.)?[^\]]+\])/)
    .map((part) => {
      if (!part.startsWith('[')) return part.replace(REGEXP_SPECIALS, '\\$&');
      const pattern = part.startsWith('[...') ? '.+' : '[^/]+';
      return capture ? `(${pattern})` : pattern;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

export type Link = { readonly href: string; readonly label: string };

/** The main menu, in the table's order. */
export const MENU_LINKS: readonly Link[] = SITE_PAGES.flatMap((page) =>
  page.menu ? [{ href: page.path, label: page.menu }] : [],
);

/** The footer's bottom line. */
export const FOOTER_LINKS: readonly Link[] = SITE_PAGES.flatMap((page) =>
  page.footer ? [{ href: page.path, label: page.title }] : [],
);

/** A link to one page that has a fixed address, named by its title. */
export function linkTo(path: FixedPagePath): Link {
  const page = SITE_PAGES.find((candidate) => candidate.path === path)!;
  return { href: page.path, label: page.title };
}
