/**
 * The catalogue crawl on Workers, run by the Cron Trigger (scripts/cloudflare/worker.mjs `scheduled()`), never
 * by requests. Each run reads the kept crawl from KV, makes at most `SEARCH_INDEX_CALLS_PER_MINUTE` × the
 * minutes since the previous run admin calls from where that run stopped (its cursor), and writes the
 * catalogue, the cursor and whether the catalogue was ever read whole back to KV. Requests only read that
 * value (live-search-index.ts), so the admin's load is the pace, however many isolates serve the site; a
 * catalogue of N courses is read whole in about N ÷ pace minutes, then read again at that pace.
 *
 * Runs outside Waku's request handling (no request, no render), so it takes the settings from the bindings
 * itself, with the same parser as the rest of the site.
 *
 * A run whose write fails (KV's 413, a network error) does not throw: it says so in the log and in the
 * health value beside the record (keep-health.ts, read by /healthz), and the next run tries again. That run
 * reads the last record kept, so its budget covers the minutes since that one: it makes up the failed run's
 * calls and the cursor moves on past where the failed run stopped. A record that cannot be read (a piece not
 * there yet) skips the run rather than crawl afresh over a good catalogue, unless reads have failed
 * READS_BEFORE_REBUILD runs in a row (a piece lost for good).
 */
import { createContentSource } from '../admin/content-source';
import { parseServerConfig, type Env } from '../server-config';
import { kvCrawlStorage, kvKeepHealth, type CrawlKv } from './crawl-kv';
import { errorMessage, parseCrawlRecord, serializeCrawlRecord, type CrawlRecord } from './crawl-record';
import { keepFailed, keptWhole, type KeepHealth } from './keep-health';
import { loadCatalogue } from './load-catalogue';
import { buildSearchEngine } from './search-engine';
import { searchDocuments } from './search-index';

/** A run sized for more than this many minutes (a long pause of the schedule) still makes one hour's calls. */
const MAX_MINUTES_PER_RUN = 60;

/** Runs in a row that could not read the kept record before one crawls afresh. */
const READS_BEFORE_REBUILD = 3;

/** What a run did, and where the crawl stands (`read`, `of`, `complete`: as the health value says them). */
export type ScheduledCrawlReport = Required<Pick<KeepHealth, 'read' | 'of' | 'complete'>> & {
  /** Admin calls this run made. */
  calls: number;
  budget: number;
  /** The record was written (else the health value says why not, and the next run tries again). */
  kept: boolean;
  /** Whether the record is being kept, as /healthz reports it. */
  health: KeepHealth;
};

export async function runScheduledCrawl({
  env,
  scheduledTime,
  log = (message) => console.log(message),
}: {
  /** The Worker's env: its vars (strings) and bindings side by side. */
  env: { [name: string]: unknown; SEARCH_INDEX?: CrawlKv };
  scheduledTime: number;
  log?: (message: string) => void;
}): Promise<ScheduledCrawlReport> {
  // only the settings' own names are read, all vars (strings); the bindings beside them are not
  const config = parseServerConfig(env as Env, 'workers');
  const kv = env.SEARCH_INDEX;
  if (!kv) throw new Error('the SEARCH_INDEX KV binding is missing (scripts/cloudflare/wrangler.jsonc)');
  if (!config.admin.baseUrl) throw new Error('ADMIN_API_URL is not set');
  const storage = kvCrawlStorage(kv);
  const healthValue = kvKeepHealth(kv);
  let health: KeepHealth = (await healthValue.read().catch(() => undefined)) ?? { where: storage.where };
  const keepHealth = async () => {
    try {
      await healthValue.write(health);
    } catch (error) {
      console.error(`[search] could not keep the index's health (${storage.where}): ${errorMessage(error)}`);
    }
  };

  let kept: CrawlRecord | undefined;
  try {
    const text = await storage.read();
    const parsed = text === undefined ? undefined : parseCrawlRecord(text);
    if (parsed && !parsed.ok) {
      log(`[search] the kept index (${storage.where}) is ${parsed.reason}; it is ignored and rebuilt by a new crawl`);
    }
    if (parsed?.ok) kept = parsed.record;
  } catch (error) {
    health = keepFailed(health, Date.now(), 'read', errorMessage(error));
    if (health.failing!.attempts < READS_BEFORE_REBUILD) {
      console.error(`[search] could not read the kept index (${storage.where}): ${errorMessage(error)}; next run`);
      await keepHealth();
      return { calls: 0, budget: 0, read: 0, of: 0, complete: false, kept: false, health };
    }
    console.error(
      `[search] could not read the kept index (${storage.where}) ${health.failing!.attempts} runs in a row: ` +
        `${errorMessage(error)}; crawling afresh`,
    );
  }

  const minutes = kept?.lastRunAt
    ? Math.min(MAX_MINUTES_PER_RUN, Math.max(1, Math.round((scheduledTime - kept.lastRunAt) / 60_000)))
    : 1;
  const budget = Math.max(1, config.search.callsPerMinute * minutes);

  let calls = 0;
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls += 1;
      return call(...args);
    };
  // no cache across runs is wanted: every read is the admin's answer now
  const source = createContentSource({
    baseUrl: config.admin.baseUrl,
    timeoutMs: config.admin.timeoutMs,
    maxBytes: config.admin.maxResponseBytes,
    ttlMs: 0,
    retryMs: 0,
  });
  const previous = kept?.catalogue.categories.length ? kept.catalogue : undefined;
  const loaded = await loadCatalogue(
    {
      getOpenCourses: counted(() => source.getOpenCourses()),
      getLearningSolutions: counted(() => source.getLearningSolutions()),
      getOpenCourseCategory: counted((id: number) => source.getOpenCourseCategory(id)),
      getLearningSolutionCategory: counted((id: number) => source.getLearningSolutionCategory(id)),
      getSubCourse: counted((slug: string) => source.getSubCourse(slug)),
    },
    {
      ...(previous ? { previous } : {}),
      ...(kept?.pass ? { resume: kept.pass } : {}),
      concurrency: config.search.concurrency,
      maxCalls: budget,
    },
  );
  if (loaded.failures.length > 0) {
    log(`[search] ${loaded.failures.length} part(s) of the catalogue unavailable: ${loaded.failures[0]!.what} …`);
  }

  const now = Date.now();
  let record: CrawlRecord;
  if (loaded.stoppedAt) {
    // the pass goes on next run; until the first pass ends, the index shows what it has read so far
    const catalogue = previous ?? { categories: loaded.categories, sessionsBySlug: new Map() };
    record = {
      catalogue,
      complete: kept?.complete ?? false,
      whole: previous ? kept!.whole : loaded.whole,
      builtAt: previous ? kept!.builtAt : now,
      pass: loaded.stoppedAt,
      lastRunAt: scheduledTime,
    };
  } else if (loaded.categories.length === 0 && loaded.failures.length > 0) {
    // the admin answered nothing usable: keep what there is, try again next run
    record = {
      ...(kept ?? {
        catalogue: { categories: [], sessionsBySlug: new Map() },
        complete: false,
        whole: false,
        builtAt: now,
      }),
    };
    delete record.pass;
    record.lastRunAt = scheduledTime;
  } else {
    record = {
      catalogue: {
        categories: loaded.categories,
        sessionsBySlug: loaded.sessionsBySlug,
        descriptionsBySlug: loaded.descriptionsBySlug,
      },
      complete: true,
      whole: loaded.whole,
      builtAt: now,
      lastRunAt: scheduledTime,
    };
  }
  // a catalogue read whole is indexed once, here, so isolates load the index instead of building it
  if (!record.complete) delete record.engine;
  else if (record.catalogue === kept?.catalogue && kept.engine) record.engine = kept.engine;
  else record.engine = await buildSearchEngine(await searchDocuments(record.catalogue));
  const slugs = record.pass?.slugs.length ?? record.catalogue.sessionsBySlug.size;
  const position = { read: record.pass?.next ?? slugs, of: record.pass?.slugs.length ?? slugs };
  let written = false;
  try {
    await storage.write(await serializeCrawlRecord(record));
    written = true;
    health = keptWhole(health, Date.now(), { ...storage.written(), ...position, complete: record.complete });
  } catch (error) {
    // not thrown: the next run tries again from the last record kept (see above), and /healthz says so
    health = keepFailed(health, Date.now(), 'write', errorMessage(error));
    console.error(
      `[search] could not keep the index (${storage.where}), ${health.failing!.attempts} run(s) in a row: ` +
        errorMessage(error),
    );
  }
  await keepHealth();
  const report: ScheduledCrawlReport = {
    calls,
    budget,
    ...position,
    complete: record.complete,
    kept: written,
    health,
  };
  const size = health.bytes === undefined ? '' : `, kept ${health.bytes} bytes in ${health.values} value(s)`;
  log(
    `[search] scheduled crawl: ${calls} admin calls (budget ${budget}), ${report.read}/${report.of} sub-courses read` +
      (report.complete ? '' : ' (first crawl, not complete yet)') +
      (written ? size : ', NOT kept'),
  );
  return report;
}
