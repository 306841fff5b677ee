/**
 * The content the pages read: the process-wide content source built from the settings on first use
 * (so `waku build` never needs an admin), re-exported as plain functions. Each call tells the page cache
 * when the content failed (an error other than a 404, or the last good copy served because the admin
 * failed), so a render that may show a failure message never replaces a good cached page.
 */
import 'server-only';
import { isPageRefresh, reportContentFailure, reportPartialContent } from '../page-cache/render-health';
import { slugGate } from '../search/known-slugs';
import { adminBaseUrl, serverConfig } from '../server-config';
import { isNotFound, type ContentResult } from './content-error';
import { createContentSource, type ContentSource } from './content-source';
import type { SubCourse } from './schemas';

let source: ContentSource | undefined;

export function contentSource(): ContentSource {
  if (!source) {
    const config = serverConfig().admin;
    source = createContentSource({
      baseUrl: adminBaseUrl(),
      timeoutMs: config.timeoutMs,
      maxBytes: config.maxResponseBytes,
      ttlMs: config.cacheTtlMs,
      retryMs: config.retryMs,
      // room for a large catalogue's sub-courses (the search index reads each) beside the pages' content
      maxEntries: 10_000,
      awaitRefresh: isPageRefresh,
    });
  }
  return source;
}

async function observed<T>(result: Promise<ContentResult<T>>): Promise<ContentResult<T>> {
  const settled = await result;
  if (settled.ok ? settled.stale : !isNotFound(settled.error)) reportContentFailure();
  return settled;
}

export const getSettings = () => observed(contentSource().getSettings());
export const getHomeHero = () => observed(contentSource().getHomeHero());
export const getHomeIntro = () => observed(contentSource().getHomeIntro());
export const getIntroTiles = () => observed(contentSource().getIntroTiles());
export const getAbout = () => observed(contentSource().getAbout());
export const getOpenCourses = () => observed(contentSource().getOpenCourses());
export const getLearningSolutions = () => observed(contentSource().getLearningSolutions());
export const getConferences = () => observed(contentSource().getConferences());
export const getDestinationTraining = () => observed(contentSource().getDestinationTraining());
export const getConsultations = () => observed(contentSource().getConsultations());
export const getGallery = () => observed(contentSource().getGallery());
export const getOpenCourseCategory = (id: number) => observed(contentSource().getOpenCourseCategory(id));
export const getLearningSolutionCategory = (id: number) => observed(contentSource().getLearningSolutionCategory(id));
/**
 * A slug the catalogue (read whole, see known-slugs.ts) does not list is "not found" without an admin call,
 * beyond a small budget. That 404 is the site's inference, not the admin's answer: a page built on it is
 * kept only briefly (CONTENT_RETRY_MS), so a course added since the last crawl is not hidden for a TTL.
 */
export function getSubCourse(slug: string): Promise<ContentResult<SubCourse>> {
  if (slugGate().mayAsk(slug)) return observed(contentSource().getSubCourse(slug));
  reportPartialContent();
  return Promise.resolve({
    ok: false,
    error: { kind: 'HTTP_ERROR', status: 404, message: `/course-venue/details/${slug}: not in the catalogue` },
  });
}
