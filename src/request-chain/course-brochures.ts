import type { MiddlewareHandler } from 'hono';
import { getSubCourse } from '../lib/admin/content';
import { isNotFound } from '../lib/admin/content-error';
import { parseSubCourseSlug } from '../lib/course-address';
import { brochureSlug } from '../lib/documents/brochure-address';
import { todayInBahrain } from '../lib/format';
import { getSearchIndex } from '../lib/search/live-search-index';
import { siteIdentity } from '../lib/site-identity';
import { siteOriginFor } from '../lib/site-origin';
import { plainFile } from './plain-answers';

/** A course's brochure as a PDF: /brochure/<slug>.pdf, from the admin's sub-course and its sessions. */
export function courseBrochures(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const slug = brochureSlug(new URL(c.req.url).pathname);
    if (slug === undefined) return next();
    c.res = await brochureFile(c.req.raw, slug);
  };
}

async function brochureFile(request: Request, encodedSlug: string): Promise<Response> {
  const notFound = () => plainFile('There is no such course.', 404);
  let slug: string | null;
  try {
    slug = parseSubCourseSlug(decodeURIComponent(encodedSlug));
  } catch {
    return notFound(); // malformed percent-encoding
  }
  if (slug === null) return notFound();
  const subCourse = await getSubCourse(slug);
  if (!subCourse.ok) {
    if (isNotFound(subCourse.error)) return notFound();
    return plainFile('The course cannot be read right now. Please try again shortly.', 503, undefined, {
      'retry-after': '30',
    });
  }
  // the code as the catalogue lists it; a cold server does not wait long for its first read
  const catalogue = await getSearchIndex(2_000);
  const courseCode = catalogue.ok ? catalogue.index.courses.find((course) => course.slug === slug)?.code : undefined;
  // PDFKit and the fonts (about 3 MB of code) load with the first brochure, not with every cold start
  const { courseBrochure } = await import('../lib/documents/course-brochure');
  const identity = siteIdentity();
  const pageUrl = `${siteOriginFor(request)}/subCourse-details/${encodeURIComponent(slug)}`;
  const bytes = await courseBrochure({
    course: subCourse.data,
    courseCode,
    provider: { name: identity.name, address: identity.address, phone: identity.phone, email: identity.email },
    pageUrl,
    madeOn: todayInBahrain(new Date()),
  });
  return new Response(request.method === 'HEAD' ? null : bytes, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': `inline; filename="${slug}-brochure.pdf"`,
      'cache-control': 'public, max-age=300',
    },
  });
}
