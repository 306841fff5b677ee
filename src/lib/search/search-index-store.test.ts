import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentError, ContentResult } from '../admin/content-error';
import type { CourseCategory, SubCourse } from '../admin/schemas';
import type { Catalogue } from './search-index';
import { loadCatalogue, mapWithConcurrency, type CatalogueSource } from './load-catalogue';
import { crawlFile } from './crawl-file';
import { createSearchIndexStore } from './search-index-store';

const ok = <T>(data: T): ContentResult<T> => ({ ok: true, data, stale: false });
const down: ContentError = { kind: 'FETCH_ERROR', message: 'connection refused' };
const gone: ContentError = { kind: 'HTTP_ERROR', status: 404, message: 'not found' };

/** An admin with one open-course category and one learning solution; `faults` makes calls fail by key. */
function fakeAdmin() {
  const faults = new Map<string, ContentError>();
  const calls: string[] = [];
  let venue = 'Manama';
  const answer = <T>(key: string, data: () => T): Promise<ContentResult<T>> => {
    calls.push(key);
    const fault = faults.get(key);
    return Promise.resolve(fault ? { ok: false, error: fault } : ok(data()));
  };
  const categories: Record<string, CourseCategory> = {
    'upcoming-101': {
      title: 'Project Management',
      training_course: [{ id: 1, code: 'PM-101', title: 'Project Risk Management', slug: 'risk' }],
    },
    'solution-201': {
      title: 'Leadership',
      training_course: [{ id: 2, code: 'LD-201', title: 'Coaching Skills', slug: 'coaching' }],
    },
  };
  const source: CatalogueSource = {
    getOpenCourses: () => answer('upcoming', () => [{ id: 101, title: 'Project Management' }]),
    getLearningSolutions: () => answer('solutions', () => [{ id: 201, title: 'Leadership' }]),
    getOpenCourseCategory: (id) => answer(`upcoming-${id}`, () => categories[`upcoming-${id}`]!),
    getLearningSolutionCategory: (id) => answer(`solution-${id}`, () => categories[`solution-${id}`]!),
    getSubCourse: (slug) =>
      answer(`sub-${slug}`, (): SubCourse => ({
        title: slug,
        description: '',
        course_venue: [{ start_date: '2027-03-01', end_date: '2027-03-05', venue_name: venue, course_fee: 1000 }],
      })),
  };
  return { source, faults, calls, setVenue: (name: string) => (venue = name) };
}

const venuesOf = (catalogue: Pick<Catalogue, 'sessionsBySlug'>) =>
  Object.fromEntries(
    [...catalogue.sessionsBySlug].map(([slug, sessions]) => [slug, sessions.map((session) => session.venue_name)]),
  );

describe('loadCatalogue', () => {
  it('reads both lists, every category and every sub-course', async () => {
    const admin = fakeAdmin();
    const catalogue = await loadCatalogue(admin.source);
    expect(catalogue.categories.map((category) => `${category.kind}-${category.id} ${category.title}`)).toEqual([
      'upcoming-101 Project Management',
      'solution-201 Leadership',
    ]);
    expect(venuesOf(catalogue)).toEqual({ risk: ['Manama'], coaching: ['Manama'] });
    expect(catalogue.failures).toEqual([]);
    expect(admin.calls.sort()).toEqual([
      'solution-201',
      'solutions',
      'sub-coaching',
      'sub-risk',
      'upcoming',
      'upcoming-101',
    ]);
  });

  it('keeps a failed part from the previous catalogue and reports it', async () => {
    const admin = fakeAdmin();
    const previous = await loadCatalogue(admin.source);
    admin.setVenue('Dubai');
    admin.faults.set('upcoming-101', down);
    admin.faults.set('sub-coaching', down);
    admin.faults.set('solutions', down);
    const catalogue = await loadCatalogue(admin.source, { previous });
    expect(catalogue.categories.map((category) => `${category.kind}-${category.id}`)).toEqual([
      'upcoming-101',
      'solution-201',
    ]);
    expect(venuesOf(catalogue)).toEqual({ risk: ['Dubai'], coaching: ['Manama'] });
    expect(catalogue.failures.map((failure) => `${failure.what} ${failure.error.kind} ${failure.kept}`)).toEqual([
      'the learning solutions FETCH_ERROR true',
      'category upcoming-101 FETCH_ERROR true',
      'sub-course coaching FETCH_ERROR true',
    ]);
  });

  it('drops what the admin says is gone', async () => {
    const admin = fakeAdmin();
    const previous = await loadCatalogue(admin.source);
    admin.faults.set('solution-201', gone);
    const catalogue = await loadCatalogue(admin.source, { previous });
    expect(catalogue.categories.map((category) => category.id)).toEqual([101]);
    expect(catalogue.failures).toEqual([]);
  });

  it('leaves out a failed part it never had', async () => {
    const admin = fakeAdmin();
    admin.faults.set('sub-risk', down);
    const catalogue = await loadCatalogue(admin.source);
    expect(venuesOf(catalogue)).toEqual({ coaching: ['Manama'] });
    expect(catalogue.failures).toEqual([{ what: 'sub-course risk', error: down, kept: false }]);
  });
});

describe('mapWithConcurrency', () => {
  it('never has more than `limit` calls pending and keeps the order', async () => {
    let pending = 0;
    let most = 0;
    const results = await mapWithConcurrency(
      Array.from({ length: 20 }, (_, n) => n),
      6,
      async (n) => {
        pending += 1;
        most = Math.max(most, pending);
        await new Promise((resolve) => setTimeout(resolve, 1 + (n % 3)));
        pending -= 1;
        return n * 2;
      },
    );
    expect(most).toBe(6);
    expect(results).toEqual(Array.from({ length: 20 }, (_, n) => n * 2));
  });
});

describe('the index store', () => {
  function setup() {
    const admin = fakeAdmin();
    let clock = Date.parse('2027-01-10T08:00:00Z');
    const logs: string[] = [];
    const store = createSearchIndexStore({
      source: admin.source,
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => clock,
      log: (message) => logs.push(message),
    });
    return { admin, store, logs, advance: (ms: number) => (clock += ms) };
  }
  const venueOf = (index: { courses: readonly { slug: string; sessions: readonly { venue: string }[] }[] }) =>
    index.courses.find((course) => course.slug === 'risk')?.sessions[0]?.venue;

  it('builds on first use, then serves the same index without asking again while it is fresh', async () => {
    const { admin, store, advance } = setup();
    const first = await store.get(1000);
    // published as soon as the categories are known: every course is findable by title and code
    expect(first.ok && first.index.courses.map((course) => course.code)).toEqual(['PM-101', 'LD-201']);
    await store.idle();
    const built = store.current();
    expect(venueOf(built!)).toBe('Manama'); // and the sessions follow once the crawl has read them
    const callsAfterBuild = admin.calls.length;
    advance(59_000);
    const again = await store.get(1000);
    expect(again.ok && again.index).toBe(built);
    expect(admin.calls.length).toBe(callsAfterBuild);
  });

  it('serves a stale index at once while it rebuilds in the background', async () => {
    const { admin, store, advance } = setup();
    await store.get(1000);
    await store.idle();
    const first = store.current();
    admin.setVenue('Dubai');
    advance(60_000);
    const stale = await store.get(1000);
    expect(stale.ok && stale.index).toBe(first); // not the rebuilt one: that is in the background
    await store.idle();
    const rebuilt = store.current()!;
    expect(venueOf(rebuilt)).toBe('Dubai');
  });

  it('crawls the sub-courses at its pace, never more than 4 calls at once, and tells which slugs exist', async () => {
    const admin = fakeAdmin();
    let pending = 0;
    let most = 0;
    const waits: number[] = [];
    const source: CatalogueSource = {
      ...admin.source,
      getSubCourse: async (slug) => {
        pending += 1;
        most = Math.max(most, pending);
        await new Promise((resolve) => setTimeout(resolve, 2));
        pending -= 1;
        return admin.source.getSubCourse(slug);
      },
    };
    let slugs: ReadonlySet<string> | undefined;
    const store = createSearchIndexStore({
      source,
      ttlMs: 60_000,
      retryMs: 5_000,
      concurrency: 9, // asked for more than the ceiling
      intervalMs: 500,
      sleep: async (ms) => void waits.push(ms),
      onSlugs: (known) => (slugs = known),
      log: () => {},
    });
    await store.get(1000);
    await store.idle();
    expect(most).toBeLessThanOrEqual(4);
    expect([...slugs!].sort()).toEqual(['coaching', 'risk']);
    expect(waits).toHaveLength(1); // the second sub-course call waited for its turn
    expect(waits[0]).toBeGreaterThan(400);
  });

  it('tells the known-slug gate only a catalogue whose lists and categories all answered', async () => {
    const admin = fakeAdmin();
    const told: string[][] = [];
    const clock = { now: 1_000_000 };
    const store = createSearchIndexStore({
      source: admin.source,
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => clock.now,
      onSlugs: (known) => told.push([...known].sort()),
      log: () => {},
    });
    // a first crawl with one category list failing: nothing is told (the gate keeps asking the admin)
    admin.faults.set('solutions', down);
    await store.get(1000);
    await store.idle();
    expect(told).toEqual([]);
    // a whole read: told
    admin.faults.clear();
    clock.now += 61_000;
    await store.get(1000);
    await store.idle();
    expect(told).toEqual([['coaching', 'risk']]);
    // one category failing (its last good copy kept): not told again, the previous whole set stands
    admin.faults.set('upcoming-101', down);
    clock.now += 61_000;
    await store.get(1000);
    await store.idle();
    expect(told).toHaveLength(1);
    // a category the admin says is gone (404) is an answer: the read is whole
    admin.faults.set('upcoming-101', gone);
    clock.now += 61_000;
    await store.get(1000);
    await store.idle();
    expect(told).toEqual([['coaching', 'risk'], ['coaching']]);
  });

  it('keeps the last good index when a rebuild fails entirely, and logs it once', async () => {
    const { admin, store, advance, logs } = setup();
    await store.get(1000);
    await store.idle();
    for (const key of ['upcoming', 'solutions', 'upcoming-101', 'solution-201', 'sub-risk', 'sub-coaching'])
      admin.faults.set(key, down);
    admin.setVenue('Dubai');
    advance(61_000);
    await store.get(1000);
    await store.idle();
    expect(venueOf(store.current()!)).toBe('Manama');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /^\[search\] 6 part\(s\) of the catalogue unavailable for the index: the upcoming courses \(FETCH_ERROR, last good copy kept\);.* and 1 more$/,
    );
    // the kept copy counts as a fresh build: no new attempt on every request meanwhile
    const calls = admin.calls.length;
    advance(1_000);
    await store.get(1000);
    await store.idle();
    expect(admin.calls.length).toBe(calls);
  });

  it('reports a first build that found nothing, and tries again only after the retry delay', async () => {
    const { admin, store, advance } = setup();
    admin.faults.set('upcoming', down);
    admin.faults.set('solutions', down);
    const first = await store.get(1000);
    expect(first).toEqual({ ok: false, error: down });
    const calls = admin.calls.length;
    expect(await store.get(1000)).toEqual({ ok: false, error: down });
    expect(admin.calls.length).toBe(calls);
    admin.faults.clear();
    advance(5_000);
    const later = await store.get(1000);
    expect(later.ok).toBe(true);
  });

  it('gives up waiting for a slow first build after `waitMs`, and the build still completes for the next request', async () => {
    const admin = fakeAdmin();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: CatalogueSource = {
      ...admin.source,
      getOpenCourses: async () => {
        await gate;
        return admin.source.getOpenCourses();
      },
    };
    const store = createSearchIndexStore({
      source: slow,
      ttlMs: 60_000,
      retryMs: 5_000,
      log: () => {},
    });
    const waited = await store.get(20);
    expect(waited.ok).toBe(false);
    expect(!waited.ok && waited.error.kind).toBe('TIMEOUT_ERROR');
    release();
    await store.idle();
    const ready = await store.get(20);
    expect(ready.ok).toBe(true);
  });

  it('peek never waits: it starts the first build and hands out the index once there is one', async () => {
    const { admin, store, advance } = setup();
    expect(store.peek()).toBeUndefined();
    await store.idle();
    const first = store.peek();
    expect(first?.courses).toHaveLength(2);
    admin.setVenue('Dubai');
    advance(60_000);
    expect(store.peek()).toBe(first); // stale, handed out while the rebuild runs
    await store.idle();
    expect(venueOf(store.peek()!)).toBe('Dubai');
  });

  it('gives up on a build that never settles and starts another', async () => {
    const admin = fakeAdmin();
    let clock = 0;
    let hang = true;
    const source: CatalogueSource = {
      ...admin.source,
      getOpenCourses: () => (hang ? new Promise(() => {}) : admin.source.getOpenCourses()),
    };
    const logs: string[] = [];
    const store = createSearchIndexStore({
      source,
      ttlMs: 60_000,
      retryMs: 5_000,
      stallMs: 120_000,
      now: () => clock,
      log: (message) => logs.push(message),
    });
    expect((await store.get(10)).ok).toBe(false);
    hang = false;
    clock += 60_000;
    expect((await store.get(10)).ok).toBe(false); // still waiting on the first one
    clock += 61_000;
    expect((await store.get(1000)).ok).toBe(true);
    expect(logs[0]).toContain('has not finished after 120 s');
  });

  it('shares one build between concurrent first requests', async () => {
    const { admin, store } = setup();
    const results = await Promise.all([store.get(1000), store.get(1000), store.get(1000)]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(admin.calls.filter((key) => key === 'upcoming')).toHaveLength(1);
  });
});

describe('a Node server stopping (SIGTERM)', () => {
  it('hands its crawl lease over and writes nothing more, so the next server crawls at once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stopping-store-'));
    try {
      const file = path.join(dir, 'search-index.json');
      const admin = fakeAdmin();
      let clock = Date.parse('2027-01-10T08:00:00Z');
      const store = createSearchIndexStore({
        source: admin.source,
        ttlMs: 60_000,
        retryMs: 5_000,
        now: () => clock,
        storage: crawlFile(file),
        saveEveryMs: 0,
      });
      expect((await store.get(5_000)).ok).toBe(true);
      await store.idle();
      expect(existsSync(`${file}.lease`)).toBe(true); // it crawled: it holds the lease
      const written = (await stat(file)).mtimeMs;

      await store.stop();
      expect(existsSync(`${file}.lease`)).toBe(false);
      // a re-read due since (the index older than the TTL) neither takes the lease nor writes the file
      admin.setVenue('Muharraq');
      clock += 61_000;
      await store.get(0);
      await store.idle();
      expect(existsSync(`${file}.lease`)).toBe(false);
      expect((await stat(file)).mtimeMs).toBe(written);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
