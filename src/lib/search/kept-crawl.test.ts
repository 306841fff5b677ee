import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentResult } from '../admin/content-error';
import type { CourseCategory, SubCourse } from '../admin/schemas';
import { crawlFile } from './crawl-file';
import { CRAWL_RECORD_VERSION, parseCrawlRecord, serializeCrawlRecord, type CrawlRecord } from './crawl-record';
import type { CatalogueSource, CrawlCursor } from './load-catalogue';
import { createSearchIndexStore } from './search-index-store';

const ok = <T>(data: T): ContentResult<T> => ({ ok: true, data, stale: false });

/** An admin with one category of `count` courses; the last course is the only one held at Omega Hall. */
function fakeAdmin(count: number) {
  const calls: string[] = [];
  const courses = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `C-${i + 1}`,
    title: `Course ${i + 1}`,
    slug: `c${i + 1}`,
  }));
  const category: CourseCategory = { title: 'Management', training_course: courses };
  const source: CatalogueSource = {
    getOpenCourses: async () => (calls.push('upcoming'), ok([{ id: 101, title: 'Management' }])),
    getLearningSolutions: async () => (calls.push('solutions'), ok([])),
    getOpenCourseCategory: async (id) => (calls.push(`upcoming-${id}`), ok(category)),
    getLearningSolutionCategory: async (id) => (calls.push(`solution-${id}`), ok(category)),
    getSubCourse: async (slug): Promise<ContentResult<SubCourse>> => {
      calls.push(`sub-${slug}`);
      const venue = slug === `c${count}` ? 'Omega Hall' : 'Manama';
      return ok({
        title: slug,
        description: '',
        course_venue: [{ start_date: '2027-03-01', end_date: '2027-03-05', venue_name: venue, course_fee: 100 }],
      });
    },
  };
  return { source, calls, subCalls: () => calls.filter((call) => call.startsWith('sub-')) };
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kept-crawl-'));
  file = path.join(dir, 'var', 'search-index.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const clock = { at: Date.parse('2027-01-10T08:00:00Z') };
function store(
  source: CatalogueSource,
  logs: string[] = [],
  extra: { sleep?: (ms: number) => Promise<void>; onSlugs?: (slugs: ReadonlySet<string>) => void } = {},
) {
  return createSearchIndexStore({
    source,
    ttlMs: 60_000,
    retryMs: 5_000,
    now: () => clock.at,
    log: (message) => logs.push(message),
    storage: crawlFile(file),
    saveEveryMs: 0,
    ...extra,
  });
}
const venues = (index: { venues: readonly string[] } | undefined) => index?.venues;

describe('the kept crawl (SEARCH_INDEX_FILE)', () => {
  it('a restarted store answers from the file at once, complete, with no crawl call', async () => {
    const first = fakeAdmin(5);
    const before = store(first.source);
    await before.get(1000);
    await before.idle();
    expect(before.complete()).toBe(true);
    expect(parseCrawlRecord(await readFile(file, 'utf8')).ok).toBe(true);

    const again = fakeAdmin(5);
    const after = store(again.source);
    const result = await after.get(0);
    expect(result.ok && venues(result.index)).toEqual(['Manama', 'Omega Hall']);
    expect(after.complete()).toBe(true);
    await after.idle();
    expect(again.calls).toEqual([]); // fresh (younger than the TTL): nothing to ask
  });

  it('a stale kept index is served at once and refreshed by one paced pass; it stays complete meanwhile', async () => {
    const first = fakeAdmin(3);
    const before = store(first.source);
    await before.get(1000);
    await before.idle();
    clock.at += 120_000;
    const again = fakeAdmin(3);
    const after = store(again.source);
    const result = await after.get(0);
    expect(result.ok).toBe(true);
    expect(after.complete()).toBe(true);
    await after.idle();
    expect(again.subCalls()).toEqual(['sub-c1', 'sub-c2', 'sub-c3']);
  });

  it('a pass cut short resumes at its cursor after a restart instead of starting again', async () => {
    const first = fakeAdmin(6);
    let cut: (() => void) | undefined;
    // the first process stops after three sub-courses (it is killed while the fourth call waits)
    const hanging: CatalogueSource = {
      ...first.source,
      getSubCourse: (slug) =>
        first.subCalls().length >= 3 ? new Promise(() => (cut = () => {})) : first.source.getSubCourse(slug),
    };
    const before = store(hanging, [], {});
    await before.get(1000);
    // killed once the file says three sub-courses were read (it is saved after each, in the background)
    await vi.waitFor(
      async () => {
        const kept = parseCrawlRecord((await readFile(file, 'utf8').catch(() => '')) || '{}');
        expect(kept.ok && kept.record.pass?.next).toBe(3);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(cut).toBeDefined();
    expect(before.complete()).toBe(false);

    const again = fakeAdmin(6);
    const logs: string[] = [];
    const after = store(again.source, logs);
    const result = await after.get(0);
    expect(result.ok).toBe(true);
    expect(after.complete()).toBe(false); // the very first crawl has not ended yet
    await after.idle();
    expect(again.calls).toEqual(['sub-c4', 'sub-c5', 'sub-c6']); // no lists, no categories, no course twice
    expect(after.complete()).toBe(true);
    expect(venues(after.current())).toEqual(['Manama', 'Omega Hall']);
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ['corrupt', () => '\u0000\u0001 not json'],
    ['from an older release', (text: string) => text.replace(`"version":${CRAWL_RECORD_VERSION}`, '"version":0')],
    ['of the wrong shape', () => JSON.stringify({ version: CRAWL_RECORD_VERSION, complete: 'yes' })],
    // sessions are read back with the admin's schema: one it would refuse (a session without its venue) is too
    ['holding a session the admin schema refuses', (text: string) => text.replace(/"venue_name":"[^"]*",?/, '')],
  ])('a kept file %s is reported and rebuilt by a new crawl, never thrown', async (_, damage) => {
    const first = fakeAdmin(2);
    const before = store(first.source);
    await before.get(1000);
    await before.idle();
    await writeFile(file, damage(await readFile(file, 'utf8')));

    const again = fakeAdmin(2);
    const logs: string[] = [];
    const after = store(again.source, logs);
    const result = await after.get(1000);
    expect(result.ok).toBe(true);
    await after.idle();
    expect(logs.join('\n')).toMatch(/the kept index \(.*search-index\.json\) is .*rebuilt by a new crawl/);
    expect(again.calls).toContain('upcoming');
    expect(again.subCalls()).toEqual(['sub-c1', 'sub-c2']);
    expect(parseCrawlRecord(await readFile(file, 'utf8')).ok).toBe(true); // written again, whole
  });

  it("names the field when a kept session no longer fits the admin's schema", async () => {
    const first = store(fakeAdmin(1).source);
    await first.get(1000);
    await first.idle();
    const kept = await readFile(file, 'utf8');
    expect(parseCrawlRecord(kept).ok).toBe(true);
    // a date the admin's schema refuses (a storage schema of its own would have taken any string)
    const parsed = parseCrawlRecord(kept.replace('"start_date":"2027-03-01"', '"start_date":"soon"'));
    expect(parsed.ok ? '' : parsed.reason).toMatch(/^not a valid record \(sessions\.0\.1\.0\.start_date: /);
  });

  it('the unknown-slug gate learns a kept catalogue only if its categories were read whole', async () => {
    const failing = fakeAdmin(3);
    failing.source.getLearningSolutions = async () => ({
      ok: false,
      error: { kind: 'HTTP_ERROR', message: 'the admin answered 500', status: 500 },
    });
    const before = store(failing.source);
    await before.get(1000);
    await before.idle();
    const kept = parseCrawlRecord(await readFile(file, 'utf8'));
    expect(kept.ok && kept.record.whole).toBe(false);

    const told: ReadonlySet<string>[] = [];
    const after = store(fakeAdmin(3).source, [], { onSlugs: (slugs) => told.push(slugs) });
    await after.get(0);
    expect(told).toEqual([]); // a failed list is no evidence that a course it would name does not exist

    const whole = fakeAdmin(3);
    const complete = store(whole.source);
    clock.at += 120_000; // the kept index is stale: one pass reads it whole
    await complete.get(0);
    await complete.idle();
    const rewritten = parseCrawlRecord(await readFile(file, 'utf8'));
    expect(rewritten.ok && rewritten.record.whole).toBe(true);
    const trusting = store(fakeAdmin(3).source, [], { onSlugs: (slugs) => told.push(slugs) });
    await trusting.get(0);
    expect(told.map((slugs) => [...slugs].sort())).toEqual([['c1', 'c2', 'c3']]);
  });
});

describe('the file’s size limit', () => {
  it('is the same for writing and reading: a record a restart would refuse is never written, the last one stays', async () => {
    const storage = crawlFile(file, { maxBytes: 3 * 1024 * 1024 });
    const fits = `"${'a'.repeat(1024 * 1024)}"`;
    await storage.write(fits);
    // Arabic takes two bytes a character: 1.6 Mi characters are 3.2 MiB, past the limit only once encoded
    await expect(storage.write(`"${'م'.repeat(1.6 * 1024 * 1024)}"`)).rejects.toThrow(/more than a restart reads/);
    expect(await storage.read()).toBe(fits);
    expect((await readdir(path.dirname(file))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await writeFile(file, 'x'.repeat(3 * 1024 * 1024 + 1));
    await expect(storage.read()).rejects.toThrow(/more than the 3145728 read/);
  });
});

describe('a pass in progress as it is kept', () => {
  const session = (venue: string) => ({
    start_date: '2027-03-01',
    end_date: '2027-03-05',
    venue_name: venue,
    course_fee: 100,
  });
  const slugs = Array.from({ length: 200 }, (_, i) => `c${i + 1}`);
  const categories = [
    {
      kind: 'upcoming' as const,
      id: 101,
      title: 'Management',
      courses: slugs.map((slug, i) => ({ id: i + 1, code: `C-${i + 1}`, title: `Course ${i + 1}`, slug })),
    },
  ];
  const catalogue = {
    categories,
    sessionsBySlug: new Map(slugs.map((slug) => [slug, [session('Manama')]])),
    descriptionsBySlug: new Map(slugs.map((slug) => [slug, `${slug}: ${'a long description. '.repeat(100)}`])),
  };
  const record = (pass?: CrawlCursor): CrawlRecord => ({
    catalogue,
    complete: true,
    whole: true,
    builtAt: 1,
    ...(pass ? { pass } : {}),
  });

  it('a record of the format before (its pass kept whole) is read without its pass: the catalogue at once', async () => {
    const whole = JSON.parse(await serializeCrawlRecord(record())) as Record<string, unknown>;
    const before = JSON.stringify({
      ...whole,
      version: 2,
      pass: { categories, slugs, next: 10, sessions: [['c1', [session('Dubai')]]], descriptions: [], whole: true },
    });
    const parsed = parseCrawlRecord(before);
    expect(parsed.ok && parsed.record.pass).toBeUndefined();
    expect(parsed.ok && parsed.record.catalogue.sessionsBySlug.get('c1')).toEqual([session('Manama')]);
    expect(parsed.ok && parsed.record.complete).toBe(true);
    // and one older still is rebuilt
    expect(parseCrawlRecord(JSON.stringify({ ...whole, version: 1 })).ok).toBe(false);
  });

  it('holds only what differs from the kept catalogue, and reads back as the pass it was', async () => {
    // the second pass has read 150 courses: c2's sessions moved, c3's description changed, c4 has no sessions
    // and no description any more (the admin answered without), the rest are as the catalogue has them
    const sessionsBySlug = new Map(slugs.slice(0, 150).map((slug) => [slug, [session('Manama')]]));
    const descriptionsBySlug = new Map(
      slugs.slice(0, 150).map((slug) => [slug, catalogue.descriptionsBySlug.get(slug)!]),
    );
    sessionsBySlug.set('c2', [session('Dubai')]);
    descriptionsBySlug.set('c3', 'Operate hydrocracking units');
    sessionsBySlug.delete('c4');
    descriptionsBySlug.delete('c4');
    const pass: CrawlCursor = {
      categories: structuredClone(categories), // read again, the same
      slugs,
      next: 150,
      sessionsBySlug,
      descriptionsBySlug,
      whole: true,
    };
    const kept = await serializeCrawlRecord(record(pass));
    const without = await serializeCrawlRecord(record());
    // kept whole, the pass would add three quarters of the catalogue; it adds its slugs and its changes
    expect(kept.length - without.length).toBeLessThan(JSON.stringify(slugs).length + 1000);
    expect(kept.length - without.length).toBeLessThan(without.length / 10);

    const parsed = parseCrawlRecord(kept);
    expect(parsed.ok).toBe(true);
    const back = parsed.ok ? parsed.record.pass : undefined;
    expect(back?.next).toBe(150);
    expect(back?.categories).toEqual(categories);
    expect(new Map(back?.sessionsBySlug)).toEqual(sessionsBySlug);
    expect(new Map(back?.descriptionsBySlug)).toEqual(descriptionsBySlug);
  });

  it('keeps new courses and changed categories whole', async () => {
    const grown = [
      { ...categories[0]!, courses: [...categories[0]!.courses, { id: 999, code: 'N-1', title: 'New', slug: 'new' }] },
    ];
    const pass: CrawlCursor = {
      categories: grown,
      slugs: [...slugs, 'new'],
      next: 201,
      sessionsBySlug: new Map([...catalogue.sessionsBySlug, ['new', [session('Doha')]]]),
      descriptionsBySlug: new Map([...catalogue.descriptionsBySlug, ['new', 'A new course']]),
      whole: true,
    };
    const parsed = parseCrawlRecord(await serializeCrawlRecord(record(pass)));
    const back = parsed.ok ? parsed.record.pass : undefined;
    expect(back?.categories).toEqual(grown);
    expect(back?.sessionsBySlug.get('new')).toEqual([session('Doha')]);
    expect(back?.descriptionsBySlug.get('new')).toBe('A new course');
    expect(back?.sessionsBySlug.size).toBe(201);
  });
});

describe('saves spaced by their cost', () => {
  it('a save that took long puts the next one 20 times as far off (30 s at most); the lease is still renewed every 5 s', async () => {
    // on the clock the store reads, every sub-course call takes 1 s and every write 2 s: a pass of 60 courses.
    // The record is kept in memory, and each call gives the event loop a turn, so a save has ended before the
    // next course is read (no race with real I/O).
    const admin = fakeAdmin(60);
    const source: CatalogueSource = {
      ...admin.source,
      getSubCourse: async (slug) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        clock.at += 1000;
        return admin.source.getSubCourse(slug);
      },
    };
    let kept: string | undefined;
    const writes: { began: number; took: number }[] = [];
    const renewals: number[] = [];
    const index = createSearchIndexStore({
      source,
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => clock.at,
      log: () => {},
      concurrency: 1,
      saveEveryMs: 5_000,
      storage: {
        where: 'memory',
        read: async () => kept,
        write: async (text) => {
          writes.push({ began: clock.at, took: 2000 });
          clock.at += 2000;
          kept = typeof text === 'string' ? text : text.join('');
        },
        lease: { take: async () => (renewals.push(clock.at), true) },
      },
    });
    const passBegan = clock.at;
    await index.get(0);
    await index.idle();
    expect(index.complete()).toBe(true);
    const passEnded = clock.at;

    const cursorSaves = writes.slice(0, -1); // the last write keeps the ended pass
    expect(cursorSaves.length).toBeGreaterThan(0);
    for (let i = 1; i < cursorSaves.length; i += 1) {
      const spacing = Math.min(30_000, 20 * cursorSaves[i - 1]!.took);
      expect(cursorSaves[i]!.began - cursorSaves[i - 1]!.began).toBeGreaterThanOrEqual(spacing);
    }
    // one every 5 s before: 12 for this pass
    expect(cursorSaves.length).toBeLessThanOrEqual(3);
    // the lease never went more than 5 s (and one course's call and one save) without a renewal while the pass ran
    const during = [passBegan, ...renewals.filter((at) => at > passBegan && at <= passEnded), passEnded];
    for (let i = 1; i < during.length; i += 1) expect(during[i]! - during[i - 1]!).toBeLessThanOrEqual(5_000 + 3_000);
    expect(parseCrawlRecord(kept!).ok).toBe(true);
  });
});
