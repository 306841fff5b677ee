/**
 * Made-up course addresses must not each cost an admin call. Once the search index has read the catalogue,
 * a sub-course slug it does not list is answered "not found" without asking the admin, except within a
 * small budget per minute (UNKNOWN_SLUG_CALLS_PER_MINUTE), so a course added in the admin since the last
 * crawl still opens for its first visitors. Before the first crawl every slug is asked about (the content
 * cache still asks once per slug per TTL).
 */
import 'server-only';
import { contentConnections, getSubCourse } from '../admin/content';
import type { ContentResult } from '../admin/content-error';
import type { SubCourse } from '../admin/schemas';
import { serverConfig } from '../server-config';

export type SlugGate = {
  /** Whether the admin may be asked about `slug` now (consumes budget for an unknown slug). */
  mayAsk(slug: string): boolean;
  /** The catalogue's slugs, from the latest crawl. */
  setKnown(slugs: ReadonlySet<string>): void;
};

export function createSlugGate({
  callsPerMinute,
  now = Date.now,
}: {
  callsPerMinute: number;
  now?: () => number;
}): SlugGate {
  let known: ReadonlySet<string> | undefined;
  let windowStart = 0;
  let used = 0;
  return {
    mayAsk(slug) {
      if (!known || known.has(slug)) return true;
      const at = now();
      if (at - windowStart >= 60_000) {
        windowStart = at;
        used = 0;
      }
      if (used >= callsPerMinute) return false;
      used += 1;
      return true;
    },
    setKnown(slugs) {
      known = slugs;
    },
  };
}

let gate: SlugGate | undefined;

/** The process-wide gate: the search index tells it the catalogue, the content layer asks it. */
export function slugGate(): SlugGate {
  gate ??= createSlugGate({ callsPerMinute: serverConfig().search.unknownSlugCallsPerMinute });
  return gate;
}

/**
 * The admin's sub-course for a slug from a visitor's address (a course page, its calendar files and brochure,
 * a registration, an enquiry's course): a slug the catalogue does not list is "not found" without an admin
 * call, beyond the gate's small budget. That 404 is the site's inference, not the admin's answer: it is
 * reported as partial, so a page built on it is kept only briefly (CONTENT_RETRY_MS) and a course added since
 * the last crawl is not hidden for a TTL.
 */
export function getListedSubCourse(slug: string): Promise<ContentResult<SubCourse>> {
  if (slugGate().mayAsk(slug)) return getSubCourse(slug);
  contentConnections().onPartial();
  return Promise.resolve({
    ok: false,
    error: { kind: 'HTTP_ERROR', status: 404, message: `/course-venue/details/${slug}: not in the catalogue` },
  });
}
