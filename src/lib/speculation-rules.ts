/**
 * The next page before the click (issue 28): speculation rules that let the browser fetch a page of this
 * site as soon as a visitor points at a link to it (`moderate`: on hover, or on the touch that starts a tap),
 * so the click is answered from the browser's memory. Prefetch only, never prerender: a prefetched page runs
 * no script and sends no form, and the server answers it as any other read (from the page cache when kept,
 * counting it as no visit: see the page cache).
 *
 * Which links: the route table's pages (site-routes.ts) that are worth fetching ahead, as URL patterns; never
 * the server's own files (PDFs, calendars, pictures), a search or a registration form.
 */
import { SITE_PAGES } from './site-routes';

/** A route of the table as a URL pattern: `/subCourse-details/[slug]` → `/subCourse-details/:slug`. */
function urlPattern(route: string): string {
  return route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, ':$1');
}

export function speculationRules(): string {
  const pages = SITE_PAGES.filter((page) => page.prefetch !== false).map((page) => urlPattern(page.path));
  return JSON.stringify({
    prefetch: [
      {
        source: 'document',
        where: {
          and: [{ href_matches: pages }, { not: { selector_matches: '[download], [rel~="nofollow"], [target]' } }],
        },
        eagerness: 'moderate',
      },
    ],
  });
}
