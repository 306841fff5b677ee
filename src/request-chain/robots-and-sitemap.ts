import type { MiddlewareHandler } from 'hono';
import { waitUntil } from '../lib/http/wait-until';
import { getSearchIndex, searchIndexBuild } from '../lib/search/live-search-index';
import { robotsTxt, siteMapFrom, siteMapPaths, sitemapXml } from '../lib/seo/site-map';
import { siteOriginFor } from '../lib/site-origin';
import { plainFile } from './plain-answers';

/** How long the sitemap waits for the first search index (after that the index is always at hand). */
const SITEMAP_WAIT_MS = 8000;

/**
 * /robots.txt, and /sitemap.xml from the search index's catalogue (so it costs no admin calls of its own and
 * is as fresh as the content cache). Files, not pages: they never reach the router.
 */
export function robotsAndSitemap(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const path = new URL(c.req.url).pathname;

    if (path === '/robots.txt') {
      c.res = plainFile(robotsTxt(siteOriginFor(c.req.raw)), 200, undefined, {
        'cache-control': 'public, max-age=3600',
      });
      return;
    }
    if (path !== '/sitemap.xml') return next();

    const result = await getSearchIndex(SITEMAP_WAIT_MS);
    waitUntil(c, searchIndexBuild()); // a first build outlives a sitemap request that gave up waiting
    if (!result.ok) {
      // a partial sitemap would tell crawlers the course pages are gone: ask them to come back instead
      c.res = plainFile('The sitemap is not available right now. Please try again shortly.', 503, undefined, {
        'retry-after': '60',
        'cache-control': 'no-store',
      });
      return;
    }
    const xml = sitemapXml(siteOriginFor(c.req.raw), siteMapPaths(siteMapFrom(result.index)));
    c.res = plainFile(xml, 200, 'application/xml; charset=utf-8', { 'cache-control': 'public, max-age=300' });
  };
}
