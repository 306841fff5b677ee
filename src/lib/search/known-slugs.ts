/**
 * Made-up course addresses must not each cost an admin call. Once the search index has read the catalogue,
 * a sub-course slug it does not list is answered "not found" without asking the admin, except within a
 * small budget per minute (UNKNOWN_SLUG_CALLS_PER_MINUTE), so a course added in the admin since the last
 * crawl still opens for its first visitors. Before the first crawl every slug is asked about (the content
 * cache still asks once per slug per TTL).
 */
import 'server-only';

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
