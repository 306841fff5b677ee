// A course's own files: brochures (its own and its category's) and its sessions' calendars.
import { getLearningSolutionCategory, getListedSubCourse, getOpenCourseCategory } from '../lib/content';
import { isNotFound } from '../lib/admin/content-error';
import type { CourseCategory, SubCourse } from '../lib/admin/schemas';
import { parseCategoryId, parseSubCourseSlug } from '../lib/course-address';
import { todayInBahrain } from '../lib/format';
import { sessionCalendar, sessionUid } from '../lib/seo/calendar';
import { siteIdentity, siteName } from '../lib/site-identity';
import { siteOriginFor } from '../lib/site-origin';
import { plainFile } from './plain-answers';
import { href } from '../lib/site-routes';
import { site } from '../site';

/**
 * Brochures kept like pages: by the admin's data as the content layer holds it, so a refresh of the content (a
 * new object) makes a new brochure and lets the old one go with the old data. What else a brochure says (the
 * site's address, the day, the catalogue it took codes and sessions from) is its key there.
 */
const kept = new WeakMap<SubCourse | CourseCategory, Record<string, Uint8Array<ArrayBuffer>>>();

async function keptOr(
  data: SubCourse | CourseCategory,
  key: string,
  make: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const found = kept.get(data)?.[key];
  if (found) return found;
  const bytes = await make();
  kept.set(data, { [key]: bytes });
  return bytes;
}

const notFound = () => plainFile('There is no such course.', 404);
const unavailable = () =>
  plainFile('The course dates cannot be read right now. Please try again shortly.', 503, undefined, {
    'retry-after': '30',
  });

/**
 * Brochures as PDFs: /brochure/<slug>.pdf for a course (from the admin's sub-course and its sessions), and
 * /brochure/upcoming/<id>.pdf or /brochure/solution/<id>.pdf for a course-details page (its courses, with the
 * codes and sessions of the catalogue).
 */
export async function brochureFile(
  request: Request,
  of: { course: string } | { kind: keyof typeof CATEGORIES; id: string },
): Promise<Response> {
  const made =
    'course' in of ? await courseBrochureFile(request, of.course) : await categoryBrochureFile(request, of.kind, of.id);
  if (made instanceof Response) return made;
  return plainFile(made.bytes, 200, 'application/pdf', {
    'content-length': String(made.bytes.length),
    'content-disposition': `inline; filename="${made.name}-brochure.pdf"`,
    'cache-control': 'public, max-age=300',
  });
}

type Made = { bytes: Uint8Array<ArrayBuffer>; name: string };

/** The listed course a file's address names (its slug still percent-encoded), else the answer to give. */
async function listedCourseAt(encodedSlug: string, notFound: () => Response) {
  let slug: string | null;
  try {
    slug = parseSubCourseSlug(decodeURIComponent(encodedSlug));
  } catch {
    return notFound(); // malformed percent-encoding
  }
  if (slug === null) return notFound();
  const subCourse = await getListedSubCourse(slug);
  if (!subCourse.ok) return isNotFound(subCourse.error) ? notFound() : unavailable();
  return { slug, subCourse: subCourse.data };
}

async function courseBrochureFile(request: Request, encodedSlug: string): Promise<Made | Response> {
  const listed = await listedCourseAt(encodedSlug, notFound);
  if (listed instanceof Response) return listed;
  const { slug, subCourse } = listed;
  // the code as the catalogue lists it; a cold server does not wait long for its first read
  const catalogue = await site().search.get(2_000);
  const courseCode = catalogue.ok ? catalogue.index.courses.find((course) => course.slug === slug)?.code : undefined;
  const origin = siteOriginFor(request);
  const madeOn = todayInBahrain(new Date());
  const bytes = await keptOr(subCourse, `${origin} ${madeOn} ${courseCode ?? ''}`, async () => {
    // PDFKit and the fonts (about 2.5 MB of code) load with the first brochure, not with every cold start
    const { courseBrochure } = await import('../lib/documents/course-brochure');
    return courseBrochure({
      course: subCourse,
      courseCode,
      provider: siteIdentity(),
      pageUrl: `${origin}${href('/subCourse-details/[slug]', { slug })}`,
      madeOn,
      fonts: await site().fonts(),
    });
  });
  return { bytes, name: slug };
}

const CATEGORIES = {
  upcoming: { load: getOpenCourseCategory, route: '/upcoming-training-course-details/[id]' },
  solution: { load: getLearningSolutionCategory, route: '/learning-solutions-course-details/[id]' },
} as const;

async function categoryBrochureFile(
  request: Request,
  kind: keyof typeof CATEGORIES,
  rawId: string,
): Promise<Made | Response> {
  const id = parseCategoryId(rawId);
  if (id === null) return notFound();
  const { load, route } = CATEGORIES[kind];
  const category = await load(id);
  if (!category.ok) return isNotFound(category.error) ? notFound() : unavailable();
  // the sessions are the catalogue's (one admin call per course otherwise); without it there are none to list,
  // which is not "no sessions"
  const catalogue = await site().search.get(2_000);
  if (!catalogue.ok) return unavailable();
  const origin = siteOriginFor(request);
  const madeOn = todayInBahrain(new Date());
  const bytes = await keptOr(category.data, `${origin} ${madeOn} ${catalogue.index.builtAt}`, async () => {
    const { categoryBrochure } = await import('../lib/documents/course-brochure');
    return categoryBrochure({
      title: category.data.title,
      courses: category.data.training_course.map((course) => ({
        title: course.title,
        code: course.code,
        sessions: (catalogue.index.courses.find((listed) => listed.slug === course.slug)?.sessions ?? []).map(
          (session) => ({
            startDate: session.startDate,
            endDate: session.endDate,
            venue: session.venue,
            feeUsd: session.fee,
          }),
        ),
      })),
      provider: siteIdentity(),
      pageUrl: `${origin}${href(route, { id })}`,
      madeOn,
      fonts: await site().fonts(),
    });
  });
  return { bytes, name: `${kind}-${id}` };
}

/** One iCalendar file per course session: /calendar/<slug>/<n>.ics, n counting the page's sessions from 1. */
export async function calendarFile(request: Request, encodedSlug: string, n: string): Promise<Response> {
  const notFound = () => plainFile('There is no such course session.', 404);
  if (!/^[1-9]\d{0,3}$/.test(n)) return notFound();
  const listed = await listedCourseAt(encodedSlug, notFound);
  if (listed instanceof Response) return listed;
  const { slug, subCourse } = listed;
  const session = subCourse.course_venue[Number(n) - 1];
  if (!session) return notFound();
  const origin = siteOriginFor(request);
  const pageUrl = `${origin}${href('/subCourse-details/[slug]', { slug })}`;
  const body = sessionCalendar({
    siteName: siteName(),
    courseTitle: subCourse.title,
    venue: session.venue_name,
    startDate: session.start_date,
    endDate: session.end_date,
    fee: session.course_fee,
    pageUrl,
    uid: sessionUid({ slug, startDate: session.start_date, endDate: session.end_date, venue: session.venue_name }),
    now: new Date(),
  });
  const filename = `course-session-${session.start_date}.ics`;
  return plainFile(body, 200, 'text/calendar; charset=utf-8', {
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, max-age=300',
  });
}
