import { getLearningSolutionCategory, getListedSubCourse, getOpenCourseCategory } from '../lib/content';
import { isNotFound } from '../lib/admin/content-error';
import type { CourseCategory, SubCourse } from '../lib/admin/schemas';
import { parseCategoryId, parseSubCourseSlug } from '../lib/course-address';
import { todayInBahrain } from '../lib/format';
import { siteIdentity } from '../lib/site-identity';
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
  return new Response(made.bytes, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(made.bytes.length),
      'content-disposition': `inline; filename="${made.name}-brochure.pdf"`,
      'cache-control': 'public, max-age=300',
    },
  });
}

type Made = { bytes: Uint8Array<ArrayBuffer>; name: string };

async function courseBrochureFile(request: Request, encodedSlug: string): Promise<Made | Response> {
  let slug: string | null;
  try {
    slug = parseSubCourseSlug(decodeURIComponent(encodedSlug));
  } catch {
    return notFound(); // malformed percent-encoding
  }
  if (slug === null) return notFound();
  const subCourse = await getListedSubCourse(slug);
  if (!subCourse.ok) return isNotFound(subCourse.error) ? notFound() : unavailable();
  // the code as the catalogue lists it; a cold server does not wait long for its first read
  const catalogue = await site().search.get(2_000);
  const courseCode = catalogue.ok ? catalogue.index.courses.find((course) => course.slug === slug)?.code : undefined;
  const origin = siteOriginFor(request);
  const madeOn = todayInBahrain(new Date());
  const bytes = await keptOr(subCourse.data, `${origin} ${madeOn} ${courseCode ?? ''}`, async () => {
    // PDFKit and the fonts (about 2.5 MB of code) load with the first brochure, not with every cold start
    const { courseBrochure } = await import('../lib/documents/course-brochure');
    return courseBrochure({
      course: subCourse.data,
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
