/**
 * The content the pages read: the process-wide content source built from the settings on first use
 * (so `waku build` never needs an admin), re-exported as plain functions.
 */
import { adminBaseUrl, serverConfig } from '../server-config';
import { createContentSource, type ContentSource } from './content-source.server';

let source: ContentSource | undefined;

export function contentSource(): ContentSource {
  if (!source) {
    const config = serverConfig().admin;
    source = createContentSource({
      baseUrl: adminBaseUrl(),
      timeoutMs: config.timeoutMs,
      ttlMs: config.cacheTtlMs,
      retryMs: config.retryMs,
    });
  }
  return source;
}

export const getSettings = () => contentSource().getSettings();
export const getHomeHero = () => contentSource().getHomeHero();
export const getHomeIntro = () => contentSource().getHomeIntro();
export const getIntroTiles = () => contentSource().getIntroTiles();
export const getAbout = () => contentSource().getAbout();
export const getOpenCourses = () => contentSource().getOpenCourses();
export const getLearningSolutions = () => contentSource().getLearningSolutions();
export const getConferences = () => contentSource().getConferences();
export const getDestinationTraining = () => contentSource().getDestinationTraining();
export const getConsultations = () => contentSource().getConsultations();
export const getGallery = () => contentSource().getGallery();
export const getOpenCourseCategory = (id: number) => contentSource().getOpenCourseCategory(id);
export const getLearningSolutionCategory = (id: number) => contentSource().getLearningSolutionCategory(id);
export const getSubCourse = (slug: string) => contentSource().getSubCourse(slug);
