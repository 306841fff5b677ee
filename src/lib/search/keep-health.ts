/**
 * Whether the crawl record is being kept (issue 35): when it was last written whole, and while writes (or a
 * scheduled run's read) fail, since when, how many times in a row and why. /healthz reports it, so a store
 * that refuses the record (KV's 413, a full disk, a network error) is seen instead of search quietly serving
 * an old catalogue for good. A failure never stops the crawl: the next save (Node) or run (Workers) tries
 * again, and the first that succeeds clears it.
 *
 * On Node the crawling process holds it in memory; on Workers the scheduled run keeps it in KV beside the
 * record (crawl-kv.ts), small enough to be written when the record is not, and requests read it back here.
 */
import * as v from 'valibot';

const Failing = v.object({
  /** What failed: writing the record, or a scheduled run reading it. */
  on: v.picklist(['read', 'write']),
  since: v.number(),
  at: v.number(),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(1)),
  error: v.pipe(v.string(), v.maxLength(1000)),
});

const KeepHealthSchema = v.object({
  /** Where the record is kept: `var/search-index.json`, `KV SEARCH_INDEX/search-index`. */
  where: v.string(),
  /** When the record was last written whole. */
  keptAt: v.optional(v.number()),
  /** Its size in UTF-8 bytes (Workers: what KV holds, in pieces past one value's limit). */
  bytes: v.optional(v.number()),
  /** Its values in KV: one, or the head and its pieces. */
  values: v.optional(v.number()),
  /** Where the crawl stood in that record: sub-courses read in the pass under way (or all), of how many. */
  read: v.optional(v.number()),
  of: v.optional(v.number()),
  /** The catalogue had been read whole at least once. */
  complete: v.optional(v.boolean()),
  failing: v.optional(Failing),
});

export type KeepHealth = v.InferOutput<typeof KeepHealthSchema>;

/** After a write that succeeded: any failure is over. */
export function keptWhole(
  health: KeepHealth,
  at: number,
  kept: Omit<KeepHealth, 'where' | 'keptAt' | 'failing'> = {},
): KeepHealth {
  return { where: health.where, keptAt: at, ...kept };
}

/** After a failed write or read: counted with the failures before it, if they were of the same kind. */
export function keepFailed(health: KeepHealth, at: number, on: 'read' | 'write', error: string): KeepHealth {
  const before = health.failing?.on === on ? health.failing : undefined;
  return {
    ...health,
    failing: {
      on,
      since: before?.since ?? at,
      at,
      attempts: (before?.attempts ?? 0) + 1,
      error: error.slice(0, 1000),
    },
  };
}

/** A status read back from storage, checked; undefined when there is none or it is not one. */
export function parseKeepHealth(text: string | null | undefined): KeepHealth | undefined {
  if (!text) return undefined;
  try {
    const parsed = v.safeParse(KeepHealthSchema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}
