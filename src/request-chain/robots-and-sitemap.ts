import type { Context } from 'hono';
import { waitUntil } from '../lib/http/wait-until';
import type { SearchIndex } from '../lib/search/search-index';
import { robotsTxt, siteMapFrom, siteMapPaths, sitemapFiles } from '../lib/seo/site-map';
import { siteOriginFor } from '../lib/site-origin';
import { plainFile } from './plain-answers';
import { site } from '../site';

/** How long the sitemap waits for the first search index (after that the index is always at hand). */
const SITEMAP_WAIT_MS = 8000;

/**
 * The sitemap's files, made once per search index and origin (a catalogue of 20 000 courses took 0.2–1.1 s to
 * write): kept beside the index they were made from, and gone with it when a new index replaces it.
 */
const keptSitemaps = new WeakMap<SearchIndex, Map<string, ReturnType<typeof sitemapFiles>>>();

function sitemapOf(index: SearchIndex, origin: string): ReturnType<typeof sitemapFiles> {
  let byOrigin = keptSitemaps.get(index);
  if (!byOrigin) keptSitemaps.set(index, (byOrigin = new Map()));
  let files = byOrigin.get(origin);
  if (!files) {
    files = sitemapFiles(origin, siteMapPaths(siteMapFrom(index)));
    // the origins a site answers for are few (SITE_URL, SITE_HOSTS); a bound all the same
    if (byOrigin.size >= 8) byOrigin.clear();
    byOrigin.set(origin, files);
  }
  return files;
}

/** /robots.txt, naming the sitemap. */
export function robotsFile(c: Context): Response {
  return plainFile(robotsTxt(siteOriginFor(c.req.raw)), 200, undefined, { 'cache-control': 'public, max-age=3600' });
}

/**
 * /sitemap.xml (past 50 000 addresses a sitemap index), and with `part` its /sitemap-N.xml, from the search
 * index's catalogue (so it costs no admin calls of its own and is as fresh as the content cache).
 */
export async function sitemapFile(c: Context, part?: string): Promise<Response> {
  const partNumber = part === undefined ? undefined : /^[1-9]\d{0,3}$/.test(part) ? Number(part) : 0;
  if (partNumber === 0) return plainFile('There is no such part of the sitemap.', 404);
  const result = await site().search.get(SITEMAP_WAIT_MS);
  waitUntil(c, site().search.pending()); // a first build outlives a sitemap request that gave up waiting
  if (!result.ok) {
    // a partial sitemap would tell crawlers the course pages are gone: ask them to come back instead
    return plainFile('The sitemap is not available right now. Please try again shortly.', 503, undefined, {
      'retry-after': '60',
      'cache-control': 'no-store',
    });
  }
  const files = sitemapOf(result.index, siteOriginFor(c.req.raw));
  const xml = partNumber === undefined ? files.index : files.parts[partNumber - 1];
  if (xml === undefined) return plainFile('There is no such part of the sitemap.', 404);
  return plainFile(xml, 200, 'application/xml; charset=utf-8', { 'cache-control': 'public, max-age=300' });
}
