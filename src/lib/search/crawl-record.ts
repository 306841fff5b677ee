/**
 * The catalogue crawl as it is kept between processes: the catalogue the index is built from, whether a
 * crawl has ever read it whole, and the pass in progress (its cursor), so a restarted Node server or the
 * next scheduled run on Workers answers from it at once and carries on where the last one stopped.
 *
 * Stored as versioned JSON (a file on Node, a Workers KV value). What is read back is checked here with
 * valibot, once: a record from another version, a corrupt or a truncated one is refused with a reason (the
 * caller logs it and crawls afresh), never trusted half-way and never thrown at a page.
 */
import * as v from 'valibot';
import { CourseVenueSchema, TrainingCourseSchema, type CourseVenue } from '../admin/schemas';
import type { CrawlCursor } from './load-catalogue';
import type { Catalogue } from './search-index';

/**
 * Bump when the record's own shape changes: an older record is then rebuilt, not misread. Its sessions and
 * courses are read back with the admin's own schemas (below), so a change to those needs no bump: a kept
 * record they no longer accept is refused with the field's name and rebuilt, like a corrupt one.
 */
export const CRAWL_RECORD_VERSION = 2;

export type CrawlRecord = {
  /** The catalogue the index is built from: the last whole crawl, or what the very first crawl has read so far. */
  catalogue: Catalogue;
  /** A crawl has read the whole catalogue at least once (the index answers every filter). */
  complete: boolean;
  /**
   * The catalogue's lists and categories were all answered when it was read, so a slug it lacks does not
   * exist (the unknown-slug gate trusts only such a catalogue; a failed call is no evidence).
   */
  whole: boolean;
  /** When the catalogue's last pass ended (or the first index was published). */
  builtAt: number;
  /** The pass in progress, if any. */
  pass?: CrawlCursor;
  /** Scheduled runs (Workers): when the last run started, to size the next run's budget. */
  lastRunAt?: number;
};

/** Where a record is kept (a file, a KV key). `read` answers undefined when there is none yet. */
export type CrawlStorage = {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
  /** For log lines: `var/search-index.json`, `KV SEARCH_INDEX`. */
  readonly where: string;
  /**
   * Several processes sharing the record (Node servers on one file): only the holder of the lease crawls.
   * `take` answers whether this process holds it now (taking it when free or expired, renewing it when held).
   */
  lease?: { take(): Promise<boolean> };
  /** Changes whenever the record is written (a file's modification time), so a follower reads it only then. */
  stamp?(): Promise<string | undefined>;
};

// Sessions and courses are kept as the admin's schemas put them out and read back with the same schemas
// (their outputs are valid inputs: cleaning twice changes nothing), so they come back as the admin's types.
const Category = v.object({
  kind: v.picklist(['upcoming', 'solution']),
  id: v.number(),
  title: v.string(),
  courses: v.array(TrainingCourseSchema),
});
const Sessions = v.array(v.tuple([v.string(), v.array(CourseVenueSchema)]));
/** Each course's opening text (its summary for the category pages' Course list), bounded. */
const Descriptions = v.array(v.tuple([v.string(), v.pipe(v.string(), v.maxLength(4000))]));
const Stored = v.object({
  version: v.literal(CRAWL_RECORD_VERSION),
  complete: v.boolean(),
  whole: v.boolean(),
  builtAt: v.number(),
  lastRunAt: v.optional(v.number()),
  categories: v.array(Category),
  sessions: Sessions,
  descriptions: Descriptions,
  pass: v.optional(
    v.object({
      categories: v.array(Category),
      slugs: v.array(v.string()),
      next: v.pipe(v.number(), v.integer(), v.minValue(0)),
      sessions: Sessions,
      descriptions: Descriptions,
      whole: v.boolean(),
    }),
  ),
});

type StoredSessions = [string, CourseVenue[]][];

const entries = (map: ReadonlyMap<string, readonly CourseVenue[]>): StoredSessions =>
  [...map].map(([slug, sessions]) => [slug, [...sessions]]);

export function serializeCrawlRecord(record: CrawlRecord): string {
  return JSON.stringify({
    version: CRAWL_RECORD_VERSION,
    complete: record.complete,
    whole: record.whole,
    builtAt: record.builtAt,
    ...(record.lastRunAt === undefined ? {} : { lastRunAt: record.lastRunAt }),
    categories: record.catalogue.categories,
    sessions: entries(record.catalogue.sessionsBySlug),
    descriptions: [...(record.catalogue.descriptionsBySlug ?? [])],
    ...(record.pass
      ? {
          pass: {
            categories: record.pass.categories,
            slugs: record.pass.slugs,
            next: record.pass.next,
            sessions: entries(record.pass.sessionsBySlug),
            descriptions: [...record.pass.descriptionsBySlug],
            whole: record.pass.whole,
          },
        }
      : {}),
  });
}

export type ParsedCrawlRecord = { ok: true; record: CrawlRecord } | { ok: false; reason: string };

export function parseCrawlRecord(text: string): ParsedCrawlRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: `not valid JSON (${text.length} bytes: corrupt or cut short)` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== CRAWL_RECORD_VERSION) {
    return {
      ok: false,
      reason: `written in format ${JSON.stringify(version)}, this release reads ${CRAWL_RECORD_VERSION}`,
    };
  }
  const parsed = v.safeParse(Stored, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    return { ok: false, reason: `not a valid record (${path || 'top level'}: ${issue.message})` };
  }
  const stored = parsed.output;
  const pass = stored.pass;
  return {
    ok: true,
    record: {
      catalogue: {
        categories: stored.categories,
        sessionsBySlug: new Map(stored.sessions),
        descriptionsBySlug: new Map(stored.descriptions),
      },
      complete: stored.complete,
      whole: stored.whole,
      builtAt: stored.builtAt,
      ...(stored.lastRunAt === undefined ? {} : { lastRunAt: stored.lastRunAt }),
      ...(pass
        ? {
            pass: {
              categories: pass.categories,
              slugs: pass.slugs,
              next: Math.min(pass.next, pass.slugs.length),
              sessionsBySlug: new Map(pass.sessions),
              descriptionsBySlug: new Map(pass.descriptions),
              whole: pass.whole,
            },
          }
        : {}),
    },
  };
}

/** Reads the record kept in `storage`, reporting (not throwing) one it cannot use. */
export async function readCrawlRecord(
  storage: CrawlStorage,
  log: (message: string) => void,
): Promise<CrawlRecord | undefined> {
  let text: string | undefined;
  try {
    text = await storage.read();
  } catch (error) {
    log(`[search] could not read the kept index (${storage.where}): ${errorMessage(error)}; crawling afresh`);
    return undefined;
  }
  if (text === undefined) return undefined;
  const parsed = parseCrawlRecord(text);
  if (!parsed.ok) {
    log(`[search] the kept index (${storage.where}) is ${parsed.reason}; it is ignored and rebuilt by a new crawl`);
    return undefined;
  }
  return parsed.record;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
