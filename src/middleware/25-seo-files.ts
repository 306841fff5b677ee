import type { MiddlewareHandler } from 'hono';
import { parseSubCourseSlug } from '../components/courses/course-route-params';
import { getSubCourse } from '../lib/admin/content';
import { isNotFound } from '../lib/admin/content-error';
import { keepAlive } from '../lib/http/keep-alive';
import { getSearchIndex, searchIndexBuild } from '../lib/search/live-search-index';
import { sessionCalendar, sessionUid } from '../lib/seo/calendar';
import { robotsTxt, siteMapFrom, siteMapPaths, sitemapXml } from '../lib/seo/site-map';
import { siteOriginFor } from '../lib/site-origin';
import { siteName } from '../lib/site-identity';

const CALENDAR_PATH = /^\/calendar\/([^/]+)\/([1-9]\d{0,3})\.ics$/;

/** How long the sitemap waits for the first search index (after that the index is always at hand). */
const SITEMAP_WAIT_MS = 8000;

function text(body: string, status: number, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}) {
  return new Response(body, { status, headers: { 'content-type': type, ...extra } });
}

/**
 * The site's non-HTML files: /robots.txt, /sitemap.xml (from the search index's catalogue, so it costs no
 * admin calls of its own and is as fresh as the content cache) and one iCalendar file per course session
 * (/calendar/<slug>/<n>.ics, n counting the page's sessions from 1).
 */
export default function seoFiles(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const path = new URL(c.req.url).pathname;

    if (path === '/robots.txt') {
      c.res = text(robotsTxt(siteOriginFor(c.req.raw)), 200, undefined, { 'cache-control': 'public, max-age=3600' });
      return;
    }

    if (path === '/sitemap.xml') {
      const result = await getSearchIndex(SITEMAP_WAIT_MS);
      keepAlive(c, searchIndexBuild()); // a first build outlives a sitemap request that gave up waiting
      if (!result.ok) {
        // a partial sitemap would tell crawlers the course pages are gone: ask them to come back instead
        c.res = text('The sitemap is not available right now. Please try again shortly.', 503, undefined, {
          'retry-after': '60',
          'cache-control': 'no-store',
        });
        return;
      }
      const xml = sitemapXml(siteOriginFor(c.req.raw), siteMapPaths(siteMapFrom(result.index)));
      c.res = text(xml, 200, 'application/xml; charset=utf-8', { 'cache-control': 'public, max-age=300' });
      return;
    }

    const calendar = CALENDAR_PATH.exec(path);
    if (calendar) {
      c.res = await calendarFile(c.req.raw, calendar[1]!, Number(calendar[2]));
      return;
    }
    return next();
  };
}

async function calendarFile(request: Request, encodedSlug: string, number: number): Promise<Response> {
  const notFound = () => text('There is no such course session.', 404);
  let slug: string | null;
  try {
    slug = parseSubCourseSlug(decodeURIComponent(encodedSlug));
  } catch {
    return notFound(); // malformed percent-encoding
  }
  if (slug === null) return notFound();
  const subCourse = await getSubCourse(slug);
  if (!subCourse.ok) {
    if (isNotFound(subCourse.error)) return notFound();
    return text('The course dates cannot be read right now. Please try again shortly.', 503, undefined, {
      'retry-after': '30',
    });
  }
  const session = subCourse.data.course_venue[number - 1];
  if (!session) return notFound();
  const origin = siteOriginFor(request);
  const pageUrl = `${origin}/subCourse-details/${encodeURIComponent(slug)}`;
  const body = sessionCalendar({
    siteName: siteName(),
    courseTitle: subCourse.data.title,
    venue: session.venue_name,
    startDate: session.start_date,
    endDate: session.end_date,
    fee: session.course_fee,
    pageUrl,
    uid: sessionUid(
      { slug, startDate: session.start_date, endDate: session.end_date, venue: session.venue_name },
      new URL(origin).hostname,
    ),
    now: new Date(),
  });
  const filename = `course-session-${session.start_date}.ics`;
  return text(body, 200, 'text/calendar; charset=utf-8', {
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, max-age=300',
  });
}
