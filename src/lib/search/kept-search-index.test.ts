import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentResult } from '../admin/content-error';
import type { CourseCategory, SubCourse } from '../admin/schemas';
import { crawlFile } from './crawl-file';
import { kvCrawlStorage, pieceEnd, type CrawlKv } from './crawl-kv';
import { parseCrawlRecord, readCrawlRecord, serializeCrawlRecord } from './crawl-record';
import type { CatalogueSource } from './load-catalogue';
import { searchEngine, SEARCH_ENGINE_VERSION } from './search-engine';
import { createSearchIndexStore } from './search-index-store';

// counts the indexings, so a test can tell a loaded index from a rebuilt one
const indexed = vi.hoisted(() => ({ count: 0 }));
vi.mock('./search-engine', async (importOriginal) => {
  const original = await importOriginal<typeof import('./search-engine')>();
  return {
    ...original,
    buildSearchEngine: (...args: Parameters<typeof original.buildSearchEngine>) => {
      indexed.count += 1;
      return original.buildSearchEngine(...args);
    },
  };
});

const ok = <T>(data: T): ContentResult<T> => ({ ok: true, data, stale: false });

function fakeAdmin() {
  const courses = [
    { id: 1, code: 'OGP-101', title: 'Petroleum Refining Processes', slug: 'refining' },
    { id: 2, code: 'NEG-101', title: 'Negotiation Skills', slug: 'negotiation' },
  ];
  const category: CourseCategory = { title: 'Oil and Gas Operations Programme', training_course: courses };
  const source: CatalogueSource = {
    getOpenCourses: async () => ok([{ id: 101, title: 'Oil and Gas Operations Programme' }]),
    getLearningSolutions: async () => ok([]),
    getOpenCourseCategory: async () => ok(category),
    getLearningSolutionCategory: async () => ok(category),
    getSubCourse: async (slug): Promise<ContentResult<SubCourse>> =>
      ok({
        title: slug,
        description: slug === 'refining' ? 'Operate **hydrocracking** units' : 'Prepare and negotiate',
        course_venue: [{ start_date: '2027-03-01', end_date: '2027-03-05', venue_name: 'Manama', course_fee: 100 }],
      }),
  };
  return source;
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kept-search-'));
  file = path.join(dir, 'search-index.json');
  indexed.count = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const store = (storage = crawlFile(file), logs: string[] = []) =>
  createSearchIndexStore({
    source: fakeAdmin(),
    ttlMs: 60_000,
    retryMs: 5_000,
    now: () => Date.parse('2027-01-10T08:00:00Z'),
    log: (message) => logs.push(message),
    storage,
    saveEveryMs: 0,
  });

describe('the kept search index', () => {
  it('is kept beside the catalogue in MiniSearch’s form and loaded by a restart without indexing again', async () => {
    const before = store();
    await before.get(1000);
    await before.idle();
    const kept = JSON.parse(await readFile(file, 'utf8')) as { search?: { version: number; index: unknown } };
    expect(kept.search?.version).toBe(SEARCH_ENGINE_VERSION);
    expect(kept.search?.index).toMatchObject({ documentCount: 3 }); // two courses and their category

    indexed.count = 0;
    const after = store();
    const result = await after.get(0);
    expect(result.ok).toBe(true);
    expect(indexed.count).toBe(0);
    if (result.ok) expect(searchEngine(result.index.engine, 'hydrocraking').matches[0]?.id).toBe('refining');
  });

  it('an index of another version is rebuilt from the kept catalogue, and said so', async () => {
    const before = store();
    await before.get(1000);
    await before.idle();
    const text = (await readFile(file, 'utf8')).replace(
      `"search":{"version":${SEARCH_ENGINE_VERSION}`,
      `"search":{"version":${SEARCH_ENGINE_VERSION + 1}`,
    );
    const parsed = parseCrawlRecord(text);
    expect(parsed.ok && parsed.record.engine).toBeUndefined();
    expect(parsed.ok && parsed.searchNotKept).toMatch(/version/);
    expect(parsed.ok && parsed.record.catalogue.categories).toHaveLength(1);
  });
});

/** A KV namespace as miniflare keeps it: 25 MiB a value at most. */
function fakeKv(limit = 25 * 1024 * 1024) {
  const values = new Map<string, string>();
  const kv: CrawlKv = {
    get: async (key) => values.get(key) ?? null,
    put: async (key, value) => {
      if (Buffer.byteLength(value) > limit)
        throw new Error(`413 Value length of ${Buffer.byteLength(value)} exceeds limit`);
      values.set(key, value);
    },
    delete: async (key) => void values.delete(key),
  };
  return { kv, values };
}

describe('the kept crawl on Workers KV', () => {
  it('writes a record larger than one value in pieces, reads it back whole, and drops old generations', async () => {
    const { kv, values } = fakeKv(1000);
    const storage = kvCrawlStorage(kv, { maxValueBytes: 300 });
    const logs: string[] = [];
    const before = store(storage, logs);
    await before.get(1000);
    await before.idle();
    expect(values.get('search-index')).toMatch(/^pieces:/);
    const record = await readCrawlRecord(storage, (message) => logs.push(message));
    expect(record?.engine).toBeDefined();
    expect(logs).toEqual([]);

    const text = await serializeCrawlRecord(record!);
    for (let round = 0; round < 4; round += 1) await storage.write(text);
    // the current generation and the one before it (a reader may still be reading it)
    const generations = new Set(
      [...values.keys()].filter((key) => key !== 'search-index').map((key) => key.split(':')[1]),
    );
    expect(generations.size).toBe(2);
    expect(await storage.read()).toBe(text);

    // small again: one value, the pieces gone
    await storage.write('{"small":true}');
    expect([...values.keys()]).toEqual(['search-index']);
  });

  it('a missing piece fails the read (retried later), never a record made of two generations', async () => {
    const { kv, values } = fakeKv();
    const storage = kvCrawlStorage(kv, { maxValueBytes: 10 });
    await storage.write(JSON.stringify({ text: 'x'.repeat(50) }));
    values.delete([...values.keys()].find((key) => key.endsWith(':2'))!);
    await expect(storage.read()).rejects.toThrow(/piece 3 of \d+ .* is missing/);
  });

  it('bounds pieces by UTF-8 bytes, not characters: Arabic text (2 bytes a character) stays within the bound', async () => {
    const { kv, values } = fakeKv(1000);
    const storage = kvCrawlStorage(kv, { maxValueBytes: 1000 });
    // 900 characters would fit a bound of characters; they take about 1 650 bytes
    const text = JSON.stringify({ description: 'إدارة المشتريات والمناقصات '.repeat(30), emoji: '😀'.repeat(40) });
    expect(text.length).toBeLessThan(1000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1000);
    await storage.write(text);
    expect(values.get('search-index')).toMatch(/^pieces:/);
    for (const value of values.values()) expect(Buffer.byteLength(value)).toBeLessThanOrEqual(1000);
    expect(await storage.read()).toBe(text);
  });

  it('a write that fails part-way leaves no pieces behind, and the record before stays readable', async () => {
    const { kv, values } = fakeKv();
    const storage = kvCrawlStorage(kv, { maxValueBytes: 10 });
    const first = JSON.stringify({ text: 'x'.repeat(50) });
    await storage.write(first);
    const keptKeys = [...values.keys()].sort();
    let puts = 0;
    const put = kv.put;
    kv.put = async (key, value) => {
      puts += 1;
      if (puts === 3) throw new Error('KV PUT failed: 503');
      return put(key, value);
    };
    await expect(storage.write(JSON.stringify({ text: 'y'.repeat(50) }))).rejects.toThrow(/503/);
    expect([...values.keys()].sort()).toEqual(keptKeys);
    expect(await storage.read()).toBe(first);
  });

  it('never cuts a character in two', () => {
    expect(pieceEnd('😀😀😀', 0, 6)).toEqual({ end: 2, bytes: 4 }); // one pair; the next would pass 6
    expect(pieceEnd('aب😀', 0, 3)).toEqual({ end: 2, bytes: 3 });
    expect(pieceEnd('aب😀', 0, 7)).toEqual({ end: 4, bytes: 7 });
    expect(pieceEnd('abc', 1, 100)).toEqual({ end: 3, bytes: 2 });
  });
});
