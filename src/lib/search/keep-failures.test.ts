// Issue 35: a write of the kept crawl that fails (KV's 413, a full disk, a network error) is reported (the
// health /healthz shows), tried again at the next save or run, and never stops the crawl: the cursor moves on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDemoAdmin } from '../../../scripts/demo-admin/server.mjs';
import type { ContentResult } from '../admin/content-error';
import type { CourseCategory, SubCourse } from '../admin/schemas';
import type { CrawlKv } from './crawl-kv';
import { parseCrawlRecord, type CrawlStorage } from './crawl-record';
import type { CatalogueSource } from './load-catalogue';
import { runScheduledCrawl } from './scheduled-crawl';
import { createSearchIndexStore } from './search-index-store';

const ok = <T>(data: T): ContentResult<T> => ({ ok: true, data, stale: false });

function fakeAdmin(count: number): CatalogueSource {
  const courses = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `C-${i + 1}`,
    title: `Course ${i + 1}`,
    slug: `c${i + 1}`,
  }));
  const category: CourseCategory = { title: 'Management', training_course: courses };
  return {
    getOpenCourses: async () => ok([{ id: 101, title: 'Management' }]),
    getLearningSolutions: async () => ok([]),
    getOpenCourseCategory: async () => ok(category),
    getLearningSolutionCategory: async () => ok(category),
    getSubCourse: async (slug): Promise<ContentResult<SubCourse>> =>
      ok({
        title: slug,
        description: `About ${slug}`,
        course_venue: [{ start_date: '2027-03-01', end_date: '2027-03-05', venue_name: 'Manama', course_fee: 100 }],
      }),
  };
}

/** A store in memory whose writes fail while `failing` is set; what it holds, and each write's outcome in order. */
function flakyStorage() {
  const events: string[] = [];
  const storage = {
    failing: false,
    text: undefined as string | undefined,
    events,
  };
  const crawlStorage: CrawlStorage = {
    where: 'memory',
    read: async () => storage.text,
    write: async (pieces) => {
      const text = typeof pieces === 'string' ? pieces : pieces.join('');
      const parsed = parseCrawlRecord(text);
      const at = parsed.ok ? (parsed.record.pass ? `cursor ${parsed.record.pass.next}` : 'complete') : 'unreadable';
      if (storage.failing) {
        events.push(`failed at ${at}`);
        throw new Error('413 Value length of 26456174 exceeds limit of 26214400');
      }
      events.push(`kept at ${at}`);
      storage.text = text;
    },
  };
  return { storage, crawlStorage };
}

describe('saves slower than the crawl (Node)', () => {
  it('do not queue up: a save made while another waits replaces it, the newest is written next', async () => {
    const { storage, crawlStorage } = flakyStorage();
    // the first write holds until the pass has ended: meanwhile every cursor and the end are saved
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const write = crawlStorage.write;
    let writes = 0;
    crawlStorage.write = async (text) => {
      writes += 1;
      if (writes === 1) await firstHeld;
      return write(text);
    };
    const store = createSearchIndexStore({
      source: fakeAdmin(8),
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => Date.parse('2027-01-10T08:00:00Z'),
      log: () => {},
      storage: crawlStorage,
      saveEveryMs: 0,
      concurrency: 1,
    });
    await store.get(1000);
    // the pass ends while its saves wait behind the first
    await vi.waitFor(() => expect(store.complete()).toBe(true));
    releaseFirst();
    await store.idle();
    // the held one, then only the newest of the nine made meanwhile: the whole catalogue
    expect(storage.events).toHaveLength(2);
    expect(storage.events.at(-1)).toBe('kept at complete');
  });
});

describe('a failed write of the kept crawl (Node)', () => {
  it('is reported, tried again at the next save, and the pass moves on meanwhile', async () => {
    const { storage, crawlStorage } = flakyStorage();
    let writes = 0;
    const seen: (number | undefined)[] = [];
    const write = crawlStorage.write;
    // the third to the fifth writes fail
    crawlStorage.write = async (text) => {
      // what /healthz would say as each save begins (saves are written one after another)
      seen.push(store.keepHealth()?.failing?.attempts);
      writes += 1;
      storage.failing = writes >= 3 && writes <= 5;
      return write(text);
    };
    const store = createSearchIndexStore({
      source: {
        ...fakeAdmin(8),
        // an admin answers over the network, a turn of the event loop later at least: each save has its turn
        // to be written meanwhile (one made while another waits would replace it, see save())
        getSubCourse: async (slug) => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          return fakeAdmin(8).getSubCourse(slug);
        },
      },
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => Date.parse('2027-01-10T08:00:00Z'),
      log: () => {},
      storage: crawlStorage,
      saveEveryMs: 0,
      concurrency: 1,
    });
    await store.get(1000);
    await store.idle();

    // in order: kept, then three failures while the cursor moved on, then kept again further on
    const failures = storage.events.filter((event) => event.startsWith('failed'));
    expect(failures).toHaveLength(3);
    const firstFailure = storage.events.indexOf(failures[0]!);
    const keptAfter = storage.events.slice(firstFailure + 3);
    expect(keptAfter[0]).toMatch(/^kept at (cursor \d+|complete)$/);
    const cursors = storage.events.map((event) => Number(/cursor (\d+)/.exec(event)?.[1] ?? Number.NaN));
    const lastFailed = cursors[firstFailure + 2]!;
    expect(cursors[firstFailure]!).toBeGreaterThan(cursors[firstFailure - 1]!);
    expect(lastFailed).toBeGreaterThan(cursors[firstFailure]!);
    expect(storage.events.at(-1)).toBe('kept at complete');
    // the failures were counted as they came, and the health is clear once a write succeeded
    expect(Math.max(...seen.filter((attempts) => attempts !== undefined))).toBe(3);
    expect(store.keepHealth()).toEqual({ where: 'memory', keptAt: expect.any(Number), read: 8, of: 8, complete: true });
    expect(store.complete()).toBe(true);
  });

  it('a pass’s last save that failed is tried again after the retry delay, on a request', async () => {
    const { storage, crawlStorage } = flakyStorage();
    let clock = Date.parse('2027-01-10T08:00:00Z');
    const store = createSearchIndexStore({
      source: fakeAdmin(3),
      ttlMs: 600_000,
      retryMs: 5_000,
      now: () => clock,
      log: () => {},
      storage: crawlStorage,
      saveEveryMs: 60_000, // the cursor is saved at the pass's start, then only its end
    });
    storage.failing = true;
    await store.get(1000);
    await store.idle();
    expect(store.keepHealth()?.failing).toMatchObject({
      on: 'write',
      attempts: 2,
      error: expect.stringMatching(/413/),
    });

    storage.failing = false;
    clock += 1_000;
    await store.get(0); // too soon: not tried yet
    await store.idle();
    expect(store.keepHealth()?.failing?.attempts).toBe(2);
    clock += 5_000;
    await store.get(0);
    await store.idle();
    expect(store.keepHealth()?.failing).toBeUndefined();
    expect(storage.events).toEqual(['failed at cursor 0', 'failed at complete', 'kept at complete']);
  });
});

describe('a crawl lease the disk refuses (Node servers sharing a file)', () => {
  it('the server crawls anyway, and reports why it cannot keep what it reads', async () => {
    const { storage, crawlStorage } = flakyStorage();
    storage.failing = true;
    const logs: string[] = [];
    const store = createSearchIndexStore({
      source: fakeAdmin(3),
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => Date.parse('2027-01-10T08:00:00Z'),
      log: (message) => logs.push(message),
      storage: {
        ...crawlStorage,
        lease: { take: () => Promise.reject(new Error('ENOTDIR: not a directory, open var/search-index.json.lease')) },
      },
      saveEveryMs: 0,
    });
    const result = await store.get(1000);
    await store.idle();
    expect(result.ok).toBe(true);
    expect(store.complete()).toBe(true); // no evidence that another server crawls: it crawled
    expect(logs.join('\n')).toMatch(/could not take the crawl's lease .*ENOTDIR.*crawling without it/);
    expect(store.keepHealth()?.failing).toMatchObject({ on: 'write', error: expect.stringMatching(/413|lease/) });
  });
});

/** A KV namespace in memory whose puts of the record fail while `failing` is set (the health value still goes in). */
function flakyKv() {
  const values = new Map<string, string>();
  const state = { failing: false };
  const kv: CrawlKv = {
    get: async (key) => values.get(key) ?? null,
    put: async (key, value) => {
      if (state.failing && key.startsWith('search-index') && key !== 'search-index-health') {
        throw new Error(`KV PUT failed: 413 Value length of ${value.length} exceeds limit of 26214400.`);
      }
      values.set(key, value);
    },
    delete: async (key) => void values.delete(key),
  };
  return { kv, values, state };
}

describe('a failed write of the kept crawl (a scheduled run on Workers)', () => {
  let admin: Awaited<ReturnType<typeof startDemoAdmin>>;
  beforeEach(async () => {
    admin = await startDemoAdmin({ host: '127.0.0.1', port: 0 });
  });
  afterEach(() => admin.close());

  it('is reported without failing the run, tried again next run, and that run carries the cursor past it', async () => {
    const { kv, values, state } = flakyKv();
    const env = { ADMIN_API_URL: admin.url, SEARCH_INDEX_CALLS_PER_MINUTE: '30', SEARCH_INDEX: kv };
    const minute = 60_000;
    const start = Date.parse('2027-01-10T08:00:00Z');
    const run = (n: number) => runScheduledCrawl({ env, scheduledTime: start + n * minute, log: () => {} });
    const keptCursor = () => {
      const parsed = parseCrawlRecord(values.get('search-index')!);
      return parsed.ok ? parsed.record.pass?.next : undefined;
    };

    const first = await run(0);
    expect(first.kept).toBe(true);
    const afterFirst = keptCursor()!;
    expect(afterFirst).toBe(first.read);

    state.failing = true;
    const second = await run(1); // does not throw: a failed run must not stop the next ones
    expect(second.kept).toBe(false);
    expect(second.read).toBeGreaterThan(afterFirst);
    expect(second.health.failing).toMatchObject({ on: 'write', attempts: 1, error: expect.stringMatching(/413/) });
    expect(JSON.parse(values.get('search-index-health')!)).toMatchObject({ failing: { attempts: 1 } });
    expect(keptCursor()).toBe(afterFirst); // KV still holds the first run's record

    state.failing = false;
    const third = await run(2);
    expect(third.kept).toBe(true);
    // its budget covers the two minutes since the last record kept: it makes up the failed run's calls
    expect(third.budget).toBe(60);
    expect(keptCursor()).toBeGreaterThan(second.read);
    expect(third.health.failing).toBeUndefined();
    expect(JSON.parse(values.get('search-index-health')!)).toEqual({
      where: 'KV SEARCH_INDEX/search-index',
      keptAt: expect.any(Number),
      bytes: expect.any(Number),
      values: 1,
      read: third.read,
      of: third.of,
      complete: false,
    });
  });

  it('a record that cannot be read skips the run instead of crawling afresh over a good catalogue', async () => {
    const { kv, values } = flakyKv();
    const env = { ADMIN_API_URL: admin.url, SEARCH_INDEX_CALLS_PER_MINUTE: '1000', SEARCH_INDEX: kv };
    const start = Date.parse('2027-01-10T08:00:00Z');
    const run = (n: number) => runScheduledCrawl({ env, scheduledTime: start + n * 60_000, log: () => {} });
    expect((await run(0)).complete).toBe(true);
    const good = values.get('search-index');
    // a head naming pieces that are not there (yet)
    values.set('search-index', 'pieces:{"generation":"gone","count":2}');
    admin.resetCounts();
    const skipped = await run(1);
    expect(skipped).toMatchObject({ kept: false, calls: 0, health: { failing: { on: 'read', attempts: 1 } } });
    expect(admin.totalRequests()).toBe(0);
    await run(2);
    // the third run in a row that cannot read it crawls afresh: a piece lost for good must not stop the crawl
    const rebuilt = await run(3);
    expect(rebuilt.kept).toBe(true);
    expect(rebuilt.health.failing).toBeUndefined();
    expect(values.get('search-index')).not.toBe(good);
  });
});
