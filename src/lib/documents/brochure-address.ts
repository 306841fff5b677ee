import { href } from '../site-routes';

/**
 * A course brochure's address, the link the course page shows (the request chain matches it by the route
 * table). Kept apart from the PDF code so a page that links a brochure does not load PDFKit.
 */
export function brochureHref(slug: string): string {
  return href('/brochure/[slug].pdf', { slug });
}

/** The brochure of a course-details page: its courses and their sessions. */
export function categoryBrochureHref(kind: 'upcoming' | 'solution', id: number): string {
  return kind === 'upcoming'
    ? href('/brochure/upcoming/[id].pdf', { id })
    : href('/brochure/solution/[id].pdf', { id });
}
