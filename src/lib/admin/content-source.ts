/**
 * One typed function per admin call, each cached.
 *
 * Names: what the admin calls "upcoming certification" (the list) and "upcoming training" (one category's
 * courses), and the site's routes call "upcoming training course details", is an **open course** in code
 * (`getOpenCourses`, `getOpenCourseCategory`, `OpenCourse`). Admin paths and public routes keep their spelling. `createContentSource` is the testable core;
 * `content.ts` holds the process-wide instance the pages use.
 */
import 'server-only';
import { createAdminClient } from './admin-client';
import { ContentCache } from './content-cache';
import type { ContentResult } from './content-error';
import * as s from './schemas';

export type ContentSourceOptions = {
  baseUrl: string;
  timeoutMs: number;
  /** Largest admin answer read (ADMIN_MAX_RESPONSE_BYTES). */
  maxBytes: number;
  ttlMs: number;
  retryMs: number;
  maxEntries?: number;
  now?: () => number;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  awaitRefresh?: () => boolean;
  keepAlive?: (load: Promise<unknown>) => void;
};

export type ContentSource = ReturnType<typeof createContentSource>;

/** Asks the cache to refresh a value past its TTL before answering (see ContentCache.get). */
type Fresh = { awaitRefresh: boolean };

export function createContentSource(options: ContentSourceOptions) {
  const admin = createAdminClient(options);
  const cache = new ContentCache({
    ttlMs: options.ttlMs,
    retryMs: options.retryMs,
    maxEntries: options.maxEntries ?? 1000,
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.awaitRefresh ? { awaitRefresh: options.awaitRefresh } : {}),
    ...(options.keepAlive ? { keepAlive: options.keepAlive } : {}),
  });

  return {
    cache,
    getSettings: (): Promise<ContentResult<s.Settings>> =>
      cache.get('/setting/content', () => admin.get('/setting/content', undefined, s.SettingsSchema)),
    getHomeHero: (): Promise<ContentResult<s.HomeHero>> =>
      cache.get('/home-page/content', () => admin.get('/home-page/content', undefined, s.HomeHeroSchema)),
    getHomeIntro: (): Promise<ContentResult<s.HomeIntro>> =>
      cache.get('/home-intro/content', () => admin.get('/home-intro/content', undefined, s.HomeIntroSchema)),
    getIntroTiles: (): Promise<ContentResult<s.IntroTile[]>> =>
      cache.get('/learning-experinece/content', () =>
        admin.get('/learning-experinece/content', undefined, s.IntroTilesSchema),
      ),
    getAbout: (): Promise<ContentResult<s.SingleImagePage>> =>
      cache.get('/about-us/content', () => admin.get('/about-us/content', undefined, s.SingleImagePageSchema)),
    // `fresh`: the search index's background crawl waits for the admin instead of taking a stale copy, so its
    // admin calls are the ones it awaits (and paces), never refreshes left running behind it
    getOpenCourses: (fresh?: Fresh): Promise<ContentResult<s.OpenCourse[]>> =>
      cache.get(
        '/upcoming-certification/content',
        () => admin.get('/upcoming-certification/content', undefined, s.OpenCoursesSchema),
        fresh,
      ),
    getLearningSolutions: (fresh?: Fresh): Promise<ContentResult<s.LearningSolution[]>> =>
      cache.get(
        '/learning-solution/content',
        () => admin.get('/learning-solution/content', undefined, s.LearningSolutionsSchema),
        fresh,
      ),
    getConferences: (): Promise<ContentResult<s.TwoImagePage>> =>
      cache.get('/conference-summit/content', () =>
        admin.get('/conference-summit/content', undefined, s.TwoImagePageSchema),
      ),
    getDestinationTraining: (): Promise<ContentResult<s.TwoImagePage>> =>
      cache.get('/destination-training/content', () =>
        admin.get('/destination-training/content', undefined, s.TwoImagePageSchema),
      ),
    getConsultations: (): Promise<ContentResult<s.SingleImagePage>> =>
      cache.get('/consultations/content', () =>
        admin.get('/consultations/content', undefined, s.SingleImagePageSchema),
      ),
    getGallery: (): Promise<ContentResult<s.GalleryItem[]>> =>
      cache.get('/gallery/content', () => admin.get('/gallery/content', undefined, s.GallerySchema)),
    getOpenCourseCategory: (id: number, fresh?: Fresh): Promise<ContentResult<s.CourseCategory>> =>
      cache.get(
        `/upcoming-training/details/${id}`,
        () => admin.get('/upcoming-training/details/{id}', { id }, s.CourseCategorySchema),
        fresh,
      ),
    getLearningSolutionCategory: (id: number, fresh?: Fresh): Promise<ContentResult<s.CourseCategory>> =>
      cache.get(
        `/learning-solution-training/details/${id}`,
        () => admin.get('/learning-solution-training/details/{id}', { id }, s.CourseCategorySchema),
        fresh,
      ),
    getSubCourse: (slug: string, fresh?: Fresh): Promise<ContentResult<s.SubCourse>> =>
      cache.get(
        `/course-venue/details/${slug}`,
        () => admin.get('/course-venue/details/{slug}', { slug }, s.SubCourseSchema),
        fresh,
      ),
  };
}
