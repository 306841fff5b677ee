/**
 * What a course URL may carry before the admin is asked: anything else is answered 404 at once, so a typo
 * or a probe never costs an admin call (and never reaches the admin's path as is).
 */

/** '101' → 101; '0', '-3', '1.5', '1e3', 'abc', '' and ids past the safe-integer range → null. */
export function parseCategoryId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A sub-course slug as it appears in the admin's lists; empty, over-long or path-like values are not one.
 * It may arrive still percent-encoded (a client navigation to `caf%C3%A9-leadership`): it is decoded here,
 * once, because the admin client encodes it again on the way out.
 */
export function parseSubCourseSlug(raw: string | undefined): string | null {
  let slug: string;
  try {
    slug = raw?.includes('%') ? decodeURIComponent(raw) : (raw ?? '');
  } catch {
    return null; // a malformed escape is not a slug
  }
  if (!slug || slug.length > 200 || /[/\\?#%\s]/.test(slug) || slug === '.' || slug === '..') return null;
  return slug;
}
