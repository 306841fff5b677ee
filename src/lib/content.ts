/**
 * The content the pages read: the site's content source (src/site.ts), re-exported as plain functions that
 * return results, each reporting a failure to the rest of the site as the site object wires it (the request's
 * record). Whether a course slug is worth asking the admin about is the catalogue's to say
 * (`getListedSubCourse`, below).
 */
import 'server-only';
import { cache } from 'react';
import { site } from '../site';
import { isNotFound, type ContentResult } from './admin/content-error';
import type { SubCourse } from './admin/schemas';

const contentSource = () => site().content.source;

async function reported<T>(result: Promise<ContentResult<T>>): Promise<ContentResult<T>> {
  const settled = await result;
  if (settled.ok ? settled.stale : !isNotFound(settled.error)) site().content.reports.onFailure();
  return settled;
}

const getSettings = () => reported(contentSource().getSettings());
/**
 * The admin's settings (logo, contact channels, social links), read once per render: the header, the footer,
 * the contact options, the provider's structured data and the contact page all show them, and each of those
 * sections gets this one load. React's `cache` in a server render is scoped to that render (one request's
 * RSC stream), so one visitor's answer is never another's and a new request reads afresh.
 */
export const loadSettings = cache(getSettings);
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

/**
 * The admin's sub-course for a slug from a visitor's address (a course page, its calendar files and brochure,
 * a registration, an enquiry's course): a slug the catalogue does not list (the site's slug gate, told by the
 * crawl: src/lib/search/known-slugs.ts) is "not found" without an admin call, beyond the gate's small budget.
 * That 404 is the site's inference, not the admin's answer: it is reported as partial, so a page built on it
 * is kept only briefly (CONTENT_RETRY_MS) and a course added since the last crawl is not hidden for a TTL.
 */
export function getListedSubCourse(slug: string): Promise<ContentResult<SubCourse>> {
  if (site().slugs.mayAsk(slug)) return reported(contentSource().getSubCourse(slug));
  site().content.reports.onPartial();
  return Promise.resolve({
    ok: false,
    error: { kind: 'HTTP_ERROR', status: 404, message: `/course-venue/details/${slug}: not in the catalogue` },
  });
}
