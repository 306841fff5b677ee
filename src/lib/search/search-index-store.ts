/**
 * Keeps the search index warm. The first request builds it (the only time a visitor waits, and never longer
 * than it asks to); after that a request always gets the current index at once, and an index older than the
 * content cache's lifetime is rebuilt in the background while the old one keeps being served.
 *
 * A rebuild reads through the content cache, which hands back its stale copies at once and refreshes them in
 * the background; so a rebuild is followed, once those refreshes have had time to land (`settleMs`, the admin
 * time-out), by a second one that picks them up. That keeps the index no more than a few seconds behind the
 * cache, and asks the admin nothing the cache would not ask anyway.
 * A rebuild that fails keeps the last good index (failed parts are kept part by part, see load-catalogue.ts).
 */
import type { ContentError } from '../admin/content-error';
import { loadCatalogue, type CatalogueSource } from './load-catalogue';
import { buildSearchIndex, type Catalogue, type SearchIndex } from './search-index';

export type SearchIndexResult = { ok: true; index: SearchIndex } | { ok: false; error: ContentError };

export type SearchIndexStoreOptions = {
  source: CatalogueSource;
  /** An index this old is rebuilt on the next request (the content cache's TTL). */
  ttlMs: number;
  /** After a build that produced nothing usable, wait this long before trying again. */
  retryMs: number;
  /** Delay of the follow-up rebuild that collects the cache's background refreshes. */
  settleMs: number;
  concurrency?: number;
  now?: () => number;
  log?: (message: string) => void;
  /** Runs `task` later without keeping the process alive (tests pass a fake). */
  schedule?: (task: () => void, ms: number) => void;
  /**
   * A build still running after this long is given up on, so one that never settles (a runtime that drops a
   * request's pending work once it has answered) cannot stop every later rebuild. Default 2 minutes.
   */
  stallMs?: number;
};

export type SearchIndexStore = ReturnType<typeof createSearchIndexStore>;

export function createSearchIndexStore(options: SearchIndexStoreOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(message));
  const schedule = options.schedule ?? ((task: () => void, ms: number) => void setTimeout(task, ms).unref?.());

  const stallMs = options.stallMs ?? 120_000;
  let current: { index: SearchIndex; catalogue: Catalogue } | undefined;
  let building: Promise<SearchIndexResult> | undefined;
  let buildStartedAt = 0;
  let failure: { error: ContentError; at: number } | undefined;

  /** The build in progress, unless it has stalled. */
  function pendingBuild(): Promise<SearchIndexResult> | undefined {
    if (building && now() - buildStartedAt > stallMs) {
      log(`[search] an index build has not finished after ${Math.round(stallMs / 1000)} s; starting over`);
      building = undefined;
    }
    return building;
  }

  function build(followUp: boolean): Promise<SearchIndexResult> {
    const inProgress = pendingBuild();
    if (inProgress) return inProgress;
    const run = async (): Promise<SearchIndexResult> => {
      try {
        const catalogue = await loadCatalogue(options.source, {
          ...(current ? { previous: current.catalogue } : {}),
          ...(options.concurrency ? { concurrency: options.concurrency } : {}),
        });
        if (catalogue.failures.length > 0) log(describeFailures(catalogue.failures));
        const firstFailure = catalogue.failures[0];
        if (catalogue.categories.length === 0 && firstFailure) {
          failure = { error: firstFailure.error, at: now() };
          return current ? { ok: true, index: current.index } : { ok: false, error: firstFailure.error };
        }
        failure = undefined;
        current = { index: buildSearchIndex(catalogue, now()), catalogue };
        if (followUp) schedule(() => void build(false), options.settleMs);
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
    buildStartedAt = now();
    const started = run();
    building = started;
    return started;
  }

  /**
   * The index, waiting at most `waitMs` for a first build. Once there is an index this never waits: a stale
   * one starts a background rebuild and is returned as it is.
   */
  async function get(waitMs: number): Promise<SearchIndexResult> {
    const at = now();
    const backingOff = failure !== undefined && at - failure.at < options.retryMs;
    const inProgress = pendingBuild();
    if (current) {
      if (at - current.index.builtAt >= options.ttlMs && !inProgress && !backingOff) void build(true);
      return { ok: true, index: current.index };
    }
    if (!inProgress && backingOff && failure) return { ok: false, error: failure.error };
    return withDeadline(inProgress ?? build(false), waitMs);
  }

  /**
   * The index there is right now, without waiting: starts the first build, or a rebuild of a stale index,
   * in the background. For places that must render at once (the sidebar panel).
   */
  function peek(): SearchIndex | undefined {
    const at = now();
    const backingOff = failure !== undefined && at - failure.at < options.retryMs;
    const due = !current || at - current.index.builtAt >= options.ttlMs;
    if (due && !pendingBuild() && !backingOff) void build(current !== undefined);
    return current?.index;
  }

  return {
    get,
    peek,
    /** The current index without waiting or building (undefined before the first build). */
    current: (): SearchIndex | undefined => current?.index,
    /** Settles when no build is running (tests, the bench). */
    idle: async (): Promise<void> => {
      while (building) await building;
    },
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
