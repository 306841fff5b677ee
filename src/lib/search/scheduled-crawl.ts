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
 */
import { createContentSource } from '../admin/content-source';
import { parseServerConfig, type Env } from '../server-config';
import { kvCrawlStorage, type CrawlKv } from './crawl-kv';
import { errorMessage, readCrawlRecord, serializeCrawlRecord, type CrawlRecord } from './crawl-record';
import { loadCatalogue } from './load-catalogue';
import { buildSearchEngine } from './search-engine';
import { searchDocuments } from './search-index';

/** A run sized for more than this many minutes (a long pause of the schedule) still makes one hour's calls. */
const MAX_MINUTES_PER_RUN = 60;

export type ScheduledCrawlReport = {
  /** Admin calls this run made. */
  calls: number;
  budget: number;
  /** Sub-courses read so far in the pass, of how many. */
  read: number;
  of: number;
  /** The catalogue has been read whole at least once. */
  complete: boolean;
};

export async function runScheduledCrawl({
  env,
  scheduledTime,
  log = (message) => console.log(message),
}: {
  env: Env & { SEARCH_INDEX?: CrawlKv };
  scheduledTime: number;
  log?: (message: string) => void;
}): Promise<ScheduledCrawlReport> {
  const config = parseServerConfig(env, 'workers');
  const kv = env.SEARCH_INDEX;
  if (!kv) throw new Error('the SEARCH_INDEX KV binding is missing (scripts/cloudflare/wrangler.jsonc)');
  if (!config.admin.baseUrl) throw new Error('ADMIN_API_URL is not set');
  const storage = kvCrawlStorage(kv);
  const kept = await readCrawlRecord(storage, log);

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
  try {
    await storage.write(await serializeCrawlRecord(record));
  } catch (error) {
    log(`[search] could not keep the index (${storage.where}): ${errorMessage(error)}`);
    throw error;
  }
  const slugs = record.pass?.slugs.length ?? record.catalogue.sessionsBySlug.size;
  const report: ScheduledCrawlReport = {
    calls,
    budget,
    read: record.pass?.next ?? slugs,
    of: record.pass?.slugs.length ?? slugs,
    complete: record.complete,
  };
  log(
    `[search] scheduled crawl: ${calls} admin calls (budget ${budget}), ${report.read}/${report.of} sub-courses read` +
      (report.complete ? '' : ' (first crawl, not complete yet)'),
  );
  return report;
}
