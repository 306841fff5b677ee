/**
 * Keeps the search index warm. The first request builds it (the only time a visitor waits, and never longer
 * than it asks to); after that a request always gets the current index at once, and an index older than the
 * content cache's lifetime is rebuilt in the background while the old one keeps being served.
 *
 * A build is a paced crawl of the catalogue (see load-catalogue.ts): its admin load is set by the pace, not by
 * the traffic or the catalogue's size. The crawl's reads wait for the admin's fresh answer when the cached
 * one is past its TTL (rather than taking the stale copy and leaving a refresh running behind), so each
 * admin call it causes is one it awaits and paces. The very first build publishes an index as soon as the
 * categories are known (every course is findable by title and code; sessions fill in at the end of the crawl).
 * A rebuild that fails keeps the last good index (failed parts are kept part by part, see load-catalogue.ts).
 *
 * With `storage` (a file on Node) the crawl is kept (crawl-record.ts): the store starts from the kept
 * catalogue, so a restarted server answers at once, and a pass that was under way resumes at its cursor. A
 * kept catalogue that was once read whole stays "complete" however old it is: only the very first crawl of
 * a deployment publishes a partial index. With `crawls: false` (a Worker's requests) the store never calls
 * the admin: it reads what the scheduled crawl wrote, again once its copy is older than `ttlMs`.
 */
import type { ContentError } from '../admin/content-error';
import {
  errorMessage,
  readCrawlRecord,
  crawlRecordInPieces,
  type CrawlRecord,
  type CrawlStorage,
} from './crawl-record';
import { keepFailed, keptWhole, type KeepHealth } from './keep-health';
import { courseSlugs, loadCatalogue, type CatalogueSource, type CrawlCursor } from './load-catalogue';
import { buildSearchIndex, type Catalogue, type SearchIndex } from './search-index';

export type SearchIndexResult = { ok: true; index: SearchIndex } | { ok: false; error: ContentError };

export type SearchIndexStoreOptions = {
  source: CatalogueSource;
  /** An index this old is rebuilt on the next request (the content cache's TTL). */
  ttlMs: number;
  /** After a build that produced nothing usable, wait this long before trying again. */
  retryMs: number;
  /** Crawl calls in flight at once (at most 4). */
  concurrency?: number;
  /** Least time between the starts of two sub-course calls (60 000 / calls per minute). */
  intervalMs?: number;
  /**
   * Told the catalogue's sub-course slugs whenever a build has read every category whole. A build in which
   * a list or a category failed tells nothing: a failed call is no evidence that a course does not exist.
   */
  onSlugs?: (slugs: ReadonlySet<string>) => void;
  now?: () => number;
  log?: (message: string) => void;
  /** Waits `ms` between paced calls (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * A build with no call answered for this long is given up on, so one that never settles (a runtime that
   * drops a request's pending work once it has answered) cannot stop every later rebuild. Default 2 minutes.
   */
  stallMs?: number;
  /** Where the crawl is kept between runs (Node: SEARCH_INDEX_FILE). */
  storage?: CrawlStorage;
  /** False: only read `storage` (a Worker's requests; the scheduled crawl writes it). Default true. */
  crawls?: boolean;
  /**
   * Least time between two saves of a pass's cursor (default 5 s), and how often the crawl's lease is renewed
   * while a pass runs. A save is also never sooner than SAVE_COST_TIMES its previous one took after it, up to
   * MAX_SAVE_SPACING_MS.
   */
  saveEveryMs?: number;
};

/**
 * Saving a pass's cursor writes the whole record: about 2 s (1 s of CPU) and 52 MB for 17 000 courses with
 * full descriptions. Every 5 s, that was a fifth of a core and 10 MB/s of disk for the pass's hour and more
 * at the default pace, and every server following the file read it as often. Spaced by their own cost,
 * saves take at most a twentieth of the time; a restart re-reads at most the courses read since.
 */
const SAVE_COST_TIMES = 20;
/** On a busy machine a save takes longer still; a pass's cursor is saved at least this often all the same. */
const MAX_SAVE_SPACING_MS = 30_000;

/** A server that does not crawl (another holds the lease) looks at the shared file this often. */
const FOLLOW_EVERY_MS = 2000;

export function createSearchIndexStore(options: SearchIndexStoreOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(message));

  const stallMs = options.stallMs ?? 120_000;
  const crawls = options.crawls ?? true;
  const saveEveryMs = options.saveEveryMs ?? 5000;
  let current:
    { index: SearchIndex; catalogue: Catalogue; complete: boolean; whole: boolean; readAt: number } | undefined;
  /** A pass that stopped before its end (kept by a previous process): the next build resumes it. */
  let unfinished: CrawlCursor | undefined;
  let restoring: Promise<void> | undefined;
  let restored = options.storage === undefined;
  let rereading: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();
  /** The newest save not yet begun (see save()). */
  let waitingSave: { record: CrawlRecord; position: { read: number; of: number; complete: boolean } } | undefined;
  /** Whether the record is being kept (/healthz): a failed write is retried by the next save, or see retryKeep. */
  let keep: KeepHealth | undefined = options.storage && crawls ? { where: options.storage.where } : undefined;
  /** Until then another server holds the crawl's lease (servers sharing one file). */
  let followingUntil = 0;
  let followedStamp: string | undefined;
  let lastSavedAt = 0;
  /** How long the last save took (encoding and writing), which spaces the next. */
  let lastSaveMs = 0;
  let leaseRenewedAt = 0;
  let building: Promise<SearchIndexResult> | undefined;
  /** The server is stopping: nothing more is saved, no lease taken or renewed (stop()). */
  let stopped = false;
  /** Settles with the first index of a first build: published once its categories are known. */
  let firstIndex: Promise<SearchIndexResult> | undefined;
  let lastProgressAt = 0;
  let failure: { error: ContentError; at: number } | undefined;

  /** The build in progress, unless it has stalled. */
  function pendingBuild(): Promise<SearchIndexResult> | undefined {
    if (building && now() - lastProgressAt > stallMs) {
      log(`[search] an index build has not finished after ${Math.round(stallMs / 1000)} s; starting over`);
      building = undefined;
    }
    return building;
  }

  function build(): Promise<SearchIndexResult> {
    const inProgress = pendingBuild();
    if (inProgress) return inProgress;
    let publishFirst: ((result: SearchIndexResult) => void) | undefined;
    if (!current) firstIndex = new Promise((resolve) => (publishFirst = resolve));
    const run = async (): Promise<SearchIndexResult> => {
      try {
        if (followingUntil > 0) {
          // another server crawled last: take up its file first, then crawl only if a pass is really due
          await takeUpFile();
          followingUntil = 0;
          if (!due(now())) return { ok: true, index: current!.index };
        }
        if (!(await holdsLease())) return await follow();
        const resume = unfinished;
        unfinished = undefined;
        const catalogue = await loadCatalogue(options.source, {
          ...(current ? { previous: current.catalogue } : {}),
          ...(options.concurrency ? { concurrency: options.concurrency } : {}),
          ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
          ...(options.sleep ? { sleep: options.sleep } : {}),
          ...(resume ? { resume } : {}),
          onProgress: () => (lastProgressAt = now()),
          onCategories: (categories, whole) => {
            if (whole) options.onSlugs?.(new Set(courseSlugs(categories)));
            if (current || categories.length === 0) return;
            // the first index: every course by title, sessions from the crawl that follows
            const partial: Catalogue = { categories, sessionsBySlug: new Map() };
            void buildSearchIndex(partial, now())
              .then((index) => {
                if (current) return; // the pass ended first and published the whole catalogue
                current = { index, catalogue: partial, complete: false, whole, readAt: now() };
                publishFirst?.({ ok: true, index });
              })
              .catch((error: unknown) => log(`[search] the first index could not be built: ${errorMessage(error)}`));
          },
          onCursor: (cursor) => {
            const at = now();
            const spacing = Math.min(MAX_SAVE_SPACING_MS, SAVE_COST_TIMES * lastSaveMs);
            if (at - lastSavedAt >= Math.max(saveEveryMs, spacing)) save(cursor);
            else if (at - leaseRenewedAt >= saveEveryMs) renewLease();
          },
        });
        if (catalogue.failures.length > 0) log(describeFailures(catalogue.failures));
        const firstFailure = catalogue.failures[0];
        if (catalogue.categories.length === 0 && firstFailure) {
          failure = { error: firstFailure.error, at: now() };
          return current ? { ok: true, index: current.index } : { ok: false, error: firstFailure.error };
        }
        failure = undefined;
        current = {
          index: await buildSearchIndex(catalogue, now()),
          catalogue,
          complete: true,
          whole: catalogue.whole,
          readAt: now(),
        };
        save(undefined);
        return { ok: true, index: current.index };
      } catch (cause) {
        // A defect, not an admin failure: log it loudly and keep serving what there is.
        const error: ContentError = {
          kind: 'FETCH_ERROR',
          message: `search index build failed: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`,
        };
        console.error(`[search] ${error.message}`);
        failure = { error, at: now() };
        return current ? { ok: true, index: current.index } : { ok: false, error };
      } finally {
        if (building === started) building = undefined;
      }
    };
    lastProgressAt = now();
    const started = run();
    building = started;
    void started.then((result) => publishFirst?.(result));
    return started;
  }

  /**
   * The index, waiting at most `waitMs` for a first build. Once there is an index this never waits: a stale
   * one starts a background rebuild and is returned as it is.
   */
  async function get(waitMs: number): Promise<SearchIndexResult> {
    await restore();
    if (!crawls) return readOnly();
    retryKeep();
    const at = now();
    const backingOff = failure !== undefined && at - failure.at < options.retryMs;
    const inProgress = pendingBuild();
    if (current) {
      if (due(at) && !inProgress && !backingOff) void build();
      return { ok: true, index: current.index };
    }
    if (!inProgress && backingOff && failure) return { ok: false, error: failure.error };
    const started = inProgress ?? build();
    return withDeadline(firstIndex ?? started, waitMs);
  }

  /**
   * The index there is right now, without waiting: starts the first build, or a rebuild of a stale index,
   * in the background. For places that must render at once (the sidebar panel).
   */
  function peek(): SearchIndex | undefined {
    if (!restored) {
      void restore().then(peek);
      return current?.index;
    }
    if (!crawls) {
      void readOnly();
      return current?.index;
    }
    retryKeep();
    const at = now();
    const backingOff = failure !== undefined && at - failure.at < options.retryMs;
    if (due(at) && !pendingBuild() && !backingOff) void build();
    return current?.index;
  }

  /** A build is due: none yet, a kept pass left unfinished, or an index older than the TTL. */
  function due(at: number): boolean {
    if (followingUntil > 0) return at >= followingUntil; // another server crawled last: look at its file again
    return !current || unfinished !== undefined || at - current.index.builtAt >= options.ttlMs;
  }

  /** Whether this process may crawl: always, unless servers share the storage and another holds its lease. */
  async function holdsLease(): Promise<boolean> {
    if (stopped) return false;
    const lease = options.storage?.lease;
    if (!lease) return true;
    try {
      return await lease.take();
    } catch (error) {
      // No evidence that another server crawls: a disk that refuses the lease refuses the record too, and a
      // server that waited for the lease would never build an index. It crawls, and /healthz says why it
      // cannot keep what it reads (two servers may then crawl at once until the disk takes the lease again).
      const where = options.storage?.where ?? '';
      keep = keepFailed(keep ?? { where }, now(), 'write', `the crawl's lease: ${errorMessage(error)}`);
      log(`[search] could not take the crawl's lease (${where}): ${errorMessage(error)}; crawling without it`);
      return true;
    }
  }

  /** Keeps the crawl's lease while a pass runs, between saves and with them. */
  function renewLease(): void {
    leaseRenewedAt = now();
    void holdsLease();
  }

  /** What another server has written since the last look. */
  async function takeUpFile(): Promise<void> {
    const storage = options.storage;
    if (!storage) return;
    const stamp = await storage.stamp?.();
    if (stamp === undefined || stamp !== followedStamp) await adopt(await readCrawlRecord(storage, log));
    followedStamp = stamp;
  }

  /** Another server crawls: take up what it has written since the last look, and look again shortly. */
  async function follow(): Promise<SearchIndexResult> {
    await takeUpFile();
    followingUntil = now() + Math.min(options.ttlMs, FOLLOW_EVERY_MS);
    if (current) return { ok: true, index: current.index };
    const error: ContentError = { kind: 'TIMEOUT_ERROR', message: 'another server is reading the catalogue' };
    failure = { error, at: now() };
    return { ok: false, error };
  }

  /** Takes up the kept crawl, once, before anything else (no storage: nothing to do). */
  function restore(): Promise<void> {
    restoring ??= (async () => {
      if (options.storage) await adopt(await readCrawlRecord(options.storage, log));
      restored = true;
    })();
    return restoring;
  }

  async function adopt(record: CrawlRecord | undefined): Promise<void> {
    if (!record) return;
    if (record.catalogue.categories.length > 0) {
      // before the first crawl has ended, the index shows what it has read so far
      const shown =
        !record.complete && record.pass
          ? {
              categories: record.pass.categories,
              sessionsBySlug: record.pass.sessionsBySlug,
              descriptionsBySlug: record.pass.descriptionsBySlug,
            }
          : record.catalogue;
      current = {
        // the kept search index is loaded, not rebuilt (crawl-record.ts keeps it only for a complete catalogue)
        index: {
          ...(await buildSearchIndex(shown, now(), shown === record.catalogue ? record.engine : undefined)),
          builtAt: record.builtAt,
        },
        catalogue: record.catalogue,
        complete: record.complete,
        whole: record.whole,
        readAt: now(),
      };
      // the unknown-slug gate learns only from categories read whole (a failed call is no evidence)
      const trusted = record.pass?.whole ? record.pass.categories : record.whole ? record.catalogue.categories : [];
      if (trusted.length > 0) options.onSlugs?.(new Set(courseSlugs(trusted)));
    }
    if (crawls) unfinished = record.pass;
  }

  /** Read-only (Workers' requests): the stored index, read again in the background once older than the TTL. */
  async function readOnly(): Promise<SearchIndexResult> {
    const storage = options.storage;
    if (storage && (!current || now() - current.readAt >= options.ttlMs) && !rereading) {
      rereading = readCrawlRecord(storage, log)
        .then(adopt)
        .finally(() => (rereading = undefined));
      if (!current) await rereading;
      else if (current) current.readAt = now(); // one re-read per TTL, even if it finds nothing new
    }
    if (current) return { ok: true, index: current.index };
    return {
      ok: false,
      error: { kind: 'TIMEOUT_ERROR', message: 'the catalogue has not been read yet (the scheduled crawl writes it)' },
    };
  }

  /** Keeps the crawl (no-op without storage): the current catalogue and, while a pass runs, its cursor. */
  function save(pass: CrawlCursor | undefined): void {
    const storage = options.storage;
    // a very first pass may save before its first index is built (in slices): it keeps what it has read
    const kept = current ?? (pass && { catalogue: { categories: pass.categories, sessionsBySlug: new Map() } });
    // a stopping server writes nothing more: the next server, which may have taken the crawl over, writes now
    if (!storage || !kept || stopped) return;
    lastSavedAt = now();
    const record: CrawlRecord = {
      catalogue: kept.catalogue,
      complete: current?.complete ?? false,
      whole: current?.whole ?? pass?.whole ?? false,
      builtAt: current?.index.builtAt ?? now(),
      ...(pass && pass.next < pass.slugs.length ? { pass } : {}),
      // the search engine's own index of the catalogue, so a restart loads it (a first crawl's partial one is not kept)
      ...(current?.complete ? { engine: current.index.engine } : {}),
    };
    const slugs = record.pass?.slugs.length ?? kept.catalogue.sessionsBySlug.size;
    const position = { read: record.pass?.next ?? slugs, of: slugs, complete: record.complete };
    if (pass) renewLease();
    // One write at a time, in order, so an older cursor never lands after a newer one; the record is written
    // out in slices when its turn comes (the pass's maps only grow meanwhile: more read, never less). A save
    // made while another waits for its turn replaces it: when writing takes longer than the saves come (tens
    // of MB on a busy machine), the newest record is written next instead of a queue of older ones.
    const turnQueued = waitingSave !== undefined;
    waitingSave = { record, position };
    if (turnQueued) return;
    saving = saving
      .then(async () => {
        const next = waitingSave!;
        waitingSave = undefined;
        const began = now();
        await storage.write(await crawlRecordInPieces(next.record));
        lastSaveMs = now() - began;
        return next.position;
      })
      .then(
        (position) => {
          if (keep?.failing) log(`[search] the index is kept again (${storage.where})`);
          keep = keptWhole(keep ?? { where: storage.where }, now(), position);
        },
        (error: unknown) => {
          keep = keepFailed(keep ?? { where: storage.where }, now(), 'write', errorMessage(error));
          log(
            `[search] could not keep the index (${storage.where}), ${keep.failing!.attempts} time(s) in a row: ` +
              `${errorMessage(error)}; tried again at the next save`,
          );
        },
      );
  }

  /**
   * A pass saves its cursor every few seconds, so a failed write is tried again soon; one that failed when no
   * pass runs (a pass's last save) is tried again here, on a request, once the retry delay has passed.
   */
  function retryKeep(): void {
    const failing = keep?.failing;
    if (!failing || pendingBuild() || now() - failing.at < options.retryMs) return;
    keep = { ...keep!, failing: { ...failing, at: now() } }; // one retry per delay, while this one is written
    // only while this server still crawls: another that took the lease since may have kept a newer record
    if (followingUntil > 0) return;
    void holdsLease().then((held) => {
      if (held && !pendingBuild()) save(undefined);
    });
  }

  return {
    get,
    peek,
    /**
     * A server stopping (Node: SIGTERM, SIGINT): the crawl saves nothing more, the save under way is written,
     * and the lease goes, so the next server (a restart, a deploy) crawls at once instead of waiting for it to
     * lapse. A pass stopped so resumes from its last save.
     */
    stop: async (): Promise<void> => {
      stopped = true;
      await saving;
      await options.storage?.lease?.release?.().catch(() => {}); // it lapses anyway
    },
    /** The current index without waiting or building (undefined before the first build). */
    current: (): SearchIndex | undefined => current?.index,
    /** Whether the current index holds the whole catalogue (false while the first crawl reads sessions). */
    complete: (): boolean => current?.complete === true,
    /**
     * The build, a Worker's re-read or the first read of the kept record running now, if any, so a Worker keeps
     * it alive past its request: workerd drops a promise's continuations once the request that started it has
     * ended, and every later request of the isolate would wait on it for good.
     */
    pending: (): Promise<unknown> | undefined => building ?? rereading ?? (restored ? undefined : restoring),
    /** Settles when no build is running and what it kept is written (tests, the bench). */
    idle: async (): Promise<void> => {
      await restore();
      while (building) await building;
      await saving;
    },
    /** Settles once the kept crawl (if any) has been taken up. */
    ready: restore,
    /** Whether the crawl is being kept (undefined: no storage, or a Worker's requests, which only read it). */
    keepHealth: (): KeepHealth | undefined => keep,
  };
}

/** One log line per build: how many parts failed, which, and whether their last good copy was kept. */
function describeFailures(failures: { what: string; error: ContentError; kept: boolean }[]): string {
  const listed = failures
    .slice(0, 5)
    .map(
      (failure) => `${failure.what} (${failure.error.kind}${failure.kept ? ', last good copy kept' : ', left out'})`,
    );
  const more = failures.length > listed.length ? ` and ${failures.length - listed.length} more` : '';
  return `[search] ${failures.length} part(s) of the catalogue unavailable for the index: ${listed.join('; ')}${more}`;
}

function withDeadline(pending: Promise<SearchIndexResult>, waitMs: number): Promise<SearchIndexResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () =>
        resolve({
          ok: false,
          error: { kind: 'TIMEOUT_ERROR', message: `the search index is not ready after ${waitMs} ms` },
        }),
      waitMs,
    );
    timer.unref?.();
    void pending.then((result) => {
      clearTimeout(timer);
      resolve(result);
    });
  });
}
