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
import { loadSearchEngine, SEARCH_ENGINE_VERSION, searchEngineInPieces, type SearchEngine } from './search-engine';
import type { Catalogue, CatalogueCategory } from './search-index';
import { jsonArrayInPieces, timeSlices, type Pause } from './time-slices';

/**
 * Bump when the record's own shape changes: an older record is then rebuilt, not misread. Its sessions and
 * courses are read back with the admin's own schemas (below), so a change to those needs no bump: a kept
 * record they no longer accept is refused with the field's name and rebuilt, like a corrupt one.
 * 3: a pass in progress keeps only what differs from the kept catalogue (see `passChanges`).
 */
export const CRAWL_RECORD_VERSION = 3;
/** The format before: its catalogue and index read the same, its pass (kept whole then) is left out. */
const READ_WITHOUT_ITS_PASS = 2;

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
  /**
   * The search engine's index of `catalogue` (once it was read whole), kept in MiniSearch's own form so a
   * restarted server or a cold isolate loads it instead of indexing the catalogue again.
   */
  engine?: SearchEngine;
};

/** Where a record is kept (a file, a KV key). `read` answers undefined when there is none yet. */
export type CrawlStorage = {
  read(): Promise<string | undefined>;
  /** The record's text, whole or in pieces in order (crawlRecordInPieces): a file writes pieces one by one. */
  write(text: string | readonly string[]): Promise<void>;
  /** For log lines: `var/search-index.json`, `KV SEARCH_INDEX`. */
  readonly where: string;
  /**
   * Several processes sharing the record (Node servers on one file): only the holder of the lease crawls.
   * `take` answers whether this process holds it now (taking it when free or expired, renewing it when held).
   */
  lease?: { take(): Promise<boolean>; release?(): Promise<void> };
  /** Changes whenever the record is written (a file's modification time), so a follower reads it only then. */
  stamp?(): Promise<string | undefined>;
};

// Sessions and courses are kept as the admin's schemas put them out and read back with the same schemas
// (their outputs are valid inputs: cleaning twice changes nothing), so they come back as the admin's types.
const Category = v.object({
  kind: v.picklist(['upcoming', 'solution']),
  id: v.number(),
  title: v.string(),
  listedTitle: v.optional(v.string()),
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
      // absent: the same as the kept catalogue's
      categories: v.optional(v.array(Category)),
      slugs: v.array(v.string()),
      next: v.pipe(v.number(), v.integer(), v.minValue(0)),
      // only what the pass read that differs from the kept catalogue (passChanges)
      sessions: Sessions,
      descriptions: Descriptions,
      noSessions: v.array(v.string()),
      noDescription: v.array(v.string()),
      whole: v.boolean(),
    }),
  ),
  // checked apart (keptEngine): an index this release cannot read is rebuilt from the catalogue, which is kept
  search: v.optional(v.unknown()),
});
const KeptSearch = v.object({
  version: v.number(),
  index: v.looseObject({ documentCount: v.number(), serializationVersion: v.number() }),
});

/** Field by field (sessions are flat objects of strings and numbers): a pass compares every course it read at each save. */
function sameSessions(a: readonly CourseVenue[] | undefined, b: readonly CourseVenue[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((session, n) => {
    const other = b[n] as Record<string, unknown>;
    const fields = Object.entries(session);
    return fields.length === Object.keys(other).length && fields.every(([key, value]) => other[key] === value);
  });
}

/** Whether a pass's categories are the kept catalogue's, asked once per pair (a pass saves its cursor often). */
const sameCategoriesAs = new WeakMap<
  readonly CatalogueCategory[],
  { of: readonly CatalogueCategory[]; same: boolean }
>();
function sameCategories(pass: readonly CatalogueCategory[], kept: readonly CatalogueCategory[]): boolean {
  const known = sameCategoriesAs.get(pass);
  if (known?.of === kept) return known.same;
  const same = pass === kept || JSON.stringify(pass) === JSON.stringify(kept);
  sameCategoriesAs.set(pass, { of: kept, same });
  return same;
}

/**
 * A pass in progress as it is kept: only what it read that differs from the kept catalogue (sessions and
 * descriptions changed or new, and the slugs that have none now though the catalogue has), and its
 * categories only if they changed. Kept whole, a second pass would hold a second copy of the catalogue
 * until it ends: about twice the record, which is what pushed it past KV's 25 MiB (issue 35). Read back,
 * what was left out is taken from the catalogue (`passFromChanges`), so the pass is the same as it was.
 */
async function passChanges(pass: CrawlCursor, kept: Catalogue, pause: Pause) {
  const read = pass.slugs.slice(0, pass.next);
  const keptDescriptions = kept.descriptionsBySlug ?? new Map<string, string>();
  const sessions: [string, readonly CourseVenue[]][] = [];
  for (const [slug, list] of pass.sessionsBySlug) {
    if (!sameSessions(list, kept.sessionsBySlug.get(slug))) sessions.push([slug, list]);
    await pause();
  }
  const descriptions: [string, string][] = [];
  for (const [slug, text] of pass.descriptionsBySlug) {
    if (keptDescriptions.get(slug) !== text) descriptions.push([slug, text]);
    await pause();
  }
  return {
    listed: {
      ...(sameCategories(pass.categories, kept.categories) ? {} : { categories: pass.categories }),
      slugs: pass.slugs,
      next: pass.next,
      noSessions: read.filter((slug) => !pass.sessionsBySlug.has(slug) && kept.sessionsBySlug.has(slug)),
      noDescription: read.filter((slug) => !pass.descriptionsBySlug.has(slug) && keptDescriptions.has(slug)),
      whole: pass.whole,
    },
    sessions,
    descriptions,
  };
}

type KeptPass = NonNullable<v.InferOutput<typeof Stored>['pass']>;

/** The pass as it was: its changes over the kept catalogue, for every slug it had read. */
function passFromChanges(pass: KeptPass, kept: Catalogue): CrawlCursor {
  const next = Math.min(pass.next, pass.slugs.length);
  const sessionsBySlug = new Map<string, readonly CourseVenue[]>(pass.sessions);
  const descriptionsBySlug = new Map(pass.descriptions);
  const noSessions = new Set(pass.noSessions);
  const noDescription = new Set(pass.noDescription);
  for (const slug of pass.slugs.slice(0, next)) {
    const sessions = kept.sessionsBySlug.get(slug);
    if (sessions && !sessionsBySlug.has(slug) && !noSessions.has(slug)) sessionsBySlug.set(slug, sessions);
    const description = kept.descriptionsBySlug?.get(slug);
    if (description !== undefined && !descriptionsBySlug.has(slug) && !noDescription.has(slug)) {
      descriptionsBySlug.set(slug, description);
    }
  }
  return {
    categories: pass.categories ?? kept.categories,
    slugs: pass.slugs,
    next,
    sessionsBySlug,
    descriptionsBySlug,
    whole: pass.whole,
  };
}

/** The engine's JSON, made once per index however often a pass saves its cursor (tens of MB at 20 000 courses). */
const engineJson = new WeakMap<SearchEngine, Promise<readonly string[]>>();

/**
 * The record as JSON text, written out in slices (time-slices.ts): at 5 000 courses with full descriptions it
 * is about 20 MB, and one `JSON.stringify` of it held every other request for a quarter of a second. It comes
 * in pieces of about 64 K characters, in order, for a file to write one after another: joined, the record is
 * copied whole in one step (about 180 ms at 5 000 courses, bench-crawl-stall.mjs).
 */
export async function crawlRecordInPieces(record: CrawlRecord, pause: Pause = timeSlices()): Promise<string[]> {
  const head = JSON.stringify({
    version: CRAWL_RECORD_VERSION,
    complete: record.complete,
    whole: record.whole,
    builtAt: record.builtAt,
    ...(record.lastRunAt === undefined ? {} : { lastRunAt: record.lastRunAt }),
  });
  const pieces = [
    `${head.slice(0, -1)},"categories":`,
    ...(await jsonArrayInPieces(record.catalogue.categories, pause)),
    ',"sessions":',
    ...(await jsonArrayInPieces(record.catalogue.sessionsBySlug, pause)),
    ',"descriptions":',
    ...(await jsonArrayInPieces(record.catalogue.descriptionsBySlug ?? [], pause)),
  ];
  if (record.pass) {
    // only what the pass read that differs from the catalogue kept beside it (passChanges)
    const changes = await passChanges(record.pass, record.catalogue, pause);
    pieces.push(
      `,"pass":${JSON.stringify(changes.listed).slice(0, -1)},"sessions":`,
      ...(await jsonArrayInPieces(changes.sessions, pause)),
      ',"descriptions":',
      ...(await jsonArrayInPieces(changes.descriptions, pause)),
      '}',
    );
  }
  if (record.engine) {
    let index = engineJson.get(record.engine);
    if (index === undefined) {
      const engine = record.engine;
      index = searchEngineInPieces(engine, pause);
      engineJson.set(engine, index);
      // a failure is not kept: the next save tries again
      index.catch(() => engineJson.delete(engine));
    }
    pieces.push(`,"search":{"version":${SEARCH_ENGINE_VERSION},"index":`, ...(await index), '}');
  }
  pieces.push('}');
  return pieces;
}

/** The record as one JSON text (a KV value is cut from it; tests). */
export async function serializeCrawlRecord(record: CrawlRecord, pause: Pause = timeSlices()): Promise<string> {
  return (await crawlRecordInPieces(record, pause)).join('');
}

export type ParsedCrawlRecord =
  | {
      ok: true;
      record: CrawlRecord;
      /** Why the kept search index was not taken (it is then built from the catalogue). */
      searchNotKept?: string;
    }
  | { ok: false; reason: string };

/** The kept search index, if this release can search it as it is. */
function keptEngine(search: unknown): { engine: SearchEngine } | { reason: string } {
  if (search === undefined) return { reason: 'none was kept' };
  const parsed = v.safeParse(KeptSearch, search);
  if (!parsed.success) return { reason: 'it is not a search index' };
  if (parsed.output.version !== SEARCH_ENGINE_VERSION)
    return { reason: `it is of version ${parsed.output.version}, this release indexes as ${SEARCH_ENGINE_VERSION}` };
  try {
    return { engine: loadSearchEngine(parsed.output.index as unknown as Parameters<typeof loadSearchEngine>[0]) };
  } catch (error) {
    return { reason: `MiniSearch could not load it (${errorMessage(error)})` };
  }
}

export function parseCrawlRecord(text: string): ParsedCrawlRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: `not valid JSON (${text.length} bytes: corrupt or cut short)` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version === READ_WITHOUT_ITS_PASS) {
    // format 2 kept its pass whole: read the catalogue and its index, and start the pass again, so a deployment
    // of this release does not crawl from nothing (hours at the default pace) before search is whole again
    const { pass: _pass, ...rest } = json as Record<string, unknown>;
    json = { ...rest, version: CRAWL_RECORD_VERSION };
  } else if (version !== CRAWL_RECORD_VERSION) {
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
  const catalogue: Catalogue = {
    categories: stored.categories,
    sessionsBySlug: new Map(stored.sessions),
    descriptionsBySlug: new Map(stored.descriptions),
  };
  // a partial first crawl's index is never kept: it is rebuilt from what the pass has read
  const kept = stored.complete ? keptEngine(stored.search) : undefined;
  return {
    ok: true,
    ...(kept && 'reason' in kept && stored.search !== undefined ? { searchNotKept: kept.reason } : {}),
    record: {
      ...(kept && 'engine' in kept ? { engine: kept.engine } : {}),
      catalogue,
      complete: stored.complete,
      whole: stored.whole,
      builtAt: stored.builtAt,
      ...(stored.lastRunAt === undefined ? {} : { lastRunAt: stored.lastRunAt }),
      ...(stored.pass ? { pass: passFromChanges(stored.pass, catalogue) } : {}),
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
  if (parsed.searchNotKept) {
    log(
      `[search] the kept search index (${storage.where}) is not used: ${parsed.searchNotKept}; built from the kept catalogue`,
    );
  }
  return parsed.record;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
