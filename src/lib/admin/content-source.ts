/**
 * One typed function per admin call, each cached.
 *
 * Names: what the admin calls "upcoming certification" (the list) and "upcoming training" (one category's
 * courses), and the site's routes call "upcoming training course details", is an **open course** in code
 * (`getOpenCourses`, `getOpenCourseCategory`, `OpenCourse`). Admin paths and public routes keep their spelling. `createContentSource` is the testable core;
 * `content.ts` holds the process-wide instance the pages use.
 */
import 'server-only';
import * as v from 'valibot';
import { createAdminClient, type AdminClientOptions, type FixedPath } from './admin-client';
import { ContentCache, type ContentCacheOptions } from './content-cache';
import type { ContentResult } from './content-error';
import * as s from './schemas';

export type ContentSourceOptions = AdminClientOptions &
  Omit<ContentCacheOptions, 'maxEntries'> & { maxEntries?: number };

export type ContentSource = ReturnType<typeof createContentSource>;

/** Asks the cache to refresh a value past its TTL before answering (see ContentCache.get). */
type Fresh = { awaitRefresh: boolean };

export function createContentSource(options: ContentSourceOptions) {
  const admin = createAdminClient(options);
  const cache = new ContentCache({ ...options, maxEntries: options.maxEntries ?? 1000 });
  /** An admin path without parameters, cached under the path itself. */
  const fixed =
    <TSchema extends v.GenericSchema>(path: FixedPath, schema: TSchema) =>
    (fresh?: Fresh): Promise<ContentResult<v.InferOutput<TSchema>>> =>
      cache.get(path, () => admin.get(path, undefined, schema), fresh);

  return {
    cache,
    getSettings: fixed('/setting/content', s.SettingsSchema),
    getHomeHero: fixed('/home-page/content', s.HomeHeroSchema),
    getHomeIntro: fixed('/home-intro/content', s.HomeIntroSchema),
    getIntroTiles: fixed('/learning-experinece/content', s.IntroTilesSchema),
    getAbout: fixed('/about-us/content', s.SingleImagePageSchema),
    // `fresh`: the search index's background crawl waits for the admin instead of taking a stale copy, so its
    // admin calls are the ones it awaits (and paces), never refreshes left running behind it
    getOpenCourses: fixed('/upcoming-certification/content', s.OpenCoursesSchema),
    getLearningSolutions: fixed('/learning-solution/content', s.LearningSolutionsSchema),
    getConferences: fixed('/conference-summit/content', s.TwoImagePageSchema),
    getDestinationTraining: fixed('/destination-training/content', s.TwoImagePageSchema),
    getConsultations: fixed('/consultations/content', s.SingleImagePageSchema),
    getGallery: fixed('/gallery/content', s.GallerySchema),
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
