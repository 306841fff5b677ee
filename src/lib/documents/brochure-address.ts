/**
 * A course brochure's address, both ways: the link the course page shows and the match the request chain
 * makes. Kept apart from the PDF code so a page that links a brochure does not load PDFKit.
 */
export function brochureHref(slug: string): string {
  return `/brochure/${encodeURIComponent(slug)}.pdf`;
}

/** The brochure of a course-details page: its courses and their sessions. */
export function categoryBrochureHref(kind: 'upcoming' | 'solution', id: number): string {
  return `/brochure/${kind}/${id}.pdf`;
}

export type BrochureAddress =
  { of: 'course'; slug: string } | { of: 'category'; kind: 'upcoming' | 'solution'; id: string };

/** What a brochure address names (a course's slug still percent-encoded), or undefined for any other path. */
export function brochureAddress(pathname: string): BrochureAddress | undefined {
  const category = /^\/brochure\/(upcoming|solution)\/([^/]+)\.pdf$/.exec(pathname);
  if (category) return { of: 'category', kind: category[1] as 'upcoming' | 'solution', id: category[2]! };
  const slug = /^\/brochure\/([^/]+)\.pdf$/.exec(pathname)?.[1];
  return slug === undefined ? undefined : { of: 'course', slug };
}
