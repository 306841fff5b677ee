/**
 * The content the pages read: the process-wide content source built from the settings on first use
 * (so `waku build` never needs an admin), re-exported as plain functions that return results. The content
 * layer knows none of its consumers: what the rest of the site wants to hear about its answers (a failure,
 * a partial answer) and what it may decide for it (wait for a fresh answer) is wired in once, where the app
 * is put together (src/server-entry.ts, `connectContent`). Whether a course slug is worth asking the admin
 * about is the catalogue's to say (src/lib/search/known-slugs.ts, `getListedSubCourse`).
 */
import 'server-only';
import { adminBaseUrl, serverConfig } from '../server-config';
import { isNotFound, type ContentResult } from './content-error';
import { createContentSource, type ContentSource } from './content-source';
import type { SubCourse } from './schemas';

/** What the app connects to the content layer (src/server-entry.ts). Unconnected (unit tests): nothing. */
export type ContentConnections = {
  /** A call failed (other than a 404), or answered with its last good copy because the admin failed. */
  onFailure(): void;
  /** An answer the site inferred or is still gathering (a slug the catalogue lacks, a partial index). */
  onPartial(): void;
  /** Should a stale copy be refreshed before it is used (the page cache's own background re-render)? */
  wantsFreshAnswers(): boolean;
};

let connections: ContentConnections = {
  onFailure: () => {},
  onPartial: () => {},
  wantsFreshAnswers: () => false,
};

export function connectContent(wiring: ContentConnections): void {
  connections = wiring;
}

/** For the search index, which answers from the same content and reports the same way. */
export function contentConnections(): ContentConnections {
  return connections;
}

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
      awaitRefresh: () => connections.wantsFreshAnswers(),
    });
  }
  return source;
}

async function reported<T>(result: Promise<ContentResult<T>>): Promise<ContentResult<T>> {
  const settled = await result;
  if (settled.ok ? settled.stale : !isNotFound(settled.error)) connections.onFailure();
  return settled;
}

export const getSettings = () => reported(contentSource().getSettings());
export const getHomeHero = () => reported(contentSource().getHomeHero());
export const getHomeIntro = () => reported(contentSource().getHomeIntro());
export const getIntroTiles = () => reported(contentSource().getIntroTiles());
export const getAbout = () => reported(contentSource().getAbout());
export const getOpenCourses = () => reported(contentSource().getOpenCourses());
export const getLearningSolutions = () => reported(contentSource().getLearningSolutions());
export const getConferences = () => reported(contentSource().getConferences());
export const getDestinationTraining = () => reported(contentSource().getDestinationTraining());
export const getConsultations = () => reported(contentSource().getConsultations());
export const getGallery = () => reported(contentSource().getGallery());
export const getOpenCourseCategory = (id: number) => reported(contentSource().getOpenCourseCategory(id));
export const getLearningSolutionCategory = (id: number) => reported(contentSource().getLearningSolutionCategory(id));
/** The admin's sub-course, asked for whatever the catalogue lists: visitors' addresses go through getListedSubCourse. */
export const getSubCourse = (slug: string): Promise<ContentResult<SubCourse>> =>
  reported(contentSource().getSubCourse(slug));
