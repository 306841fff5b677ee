/**
 * A course brochure's address, both ways: the link the course page shows and the match the request chain
 * makes. Kept apart from the PDF code so a page that links a brochure does not load PDFKit.
 */
export function brochureHref(slug: string): string {
  return `/brochure/${encodeURIComponent(slug)}.pdf`;
}

/** The slug (still percent-encoded) of a brochure address, or undefined for any other path. */
export function brochureSlug(pathname: string): string | undefined {
  return /^\/brochure\/([^/]+)\.pdf$/.exec(pathname)?.[1];
}
