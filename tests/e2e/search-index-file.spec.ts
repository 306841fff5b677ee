// Issue 19 on the Node server: the search index is kept in SEARCH_INDEX_FILE, so a restarted server answers
// search, the sitemap and kept pages from its first request without crawling again; a damaged or old file is
// reported and rebuilt; and while a deployment's very first crawl runs, a venue or month search says that
// results may be missing instead of passing a short list off as the answer.
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CRAWL_RECORD_VERSION } from '../../src/lib/search/crawl-record';
import { untilComplete, type KeptRecord } from './support/kept-index';
import { startAdmin, startPair, startSite } from './support/servers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'search-index-file-'));
});
test.afterEach(() => rm(dir, { recursive: true, force: true }));

test.describe('the kept search index (Node)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a restarted server answers search, the sitemap and kept pages from the file, with no crawl call', async () => {
    const admin = await startAdmin({ courses: 150 });
    const file = path.join(dir, 'var', 'search-index.json'); // the folder does not exist yet
    const env = { SEARCH_INDEX_FILE: file, CONTENT_RETRY_MS: '300' };
    try {
      const first = await startSite(admin, env);
      const record = await untilComplete(file, first.url).finally(() => first.stop());
      expect(record.version).toBe(CRAWL_RECORD_VERSION);

      // the course the crawl read last, and one of its upcoming venues
      const course = record.categories.at(-1)!.courses.at(-1)!;
      const today = new Date().toISOString().slice(0, 10);
      const venue = new Map(record.sessions)
        .get(course.slug)!
        .find((session) => session.start_date > today)!.venue_name;

      admin.resetCounts();
      const site = await startSite(admin, env);
      try {
        const search = await fetch(`${site.url}/search?${new URLSearchParams({ q: course.title, venue })}`).then(
          (response) => response.text(),
        );
        expect(search).toContain(`data-course="${course.slug}"`);
        expect(search).not.toContain('still reading the catalogue');

        const sitemap = await fetch(`${site.url}/sitemap.xml`);
        expect(sitemap.status).toBe(200);
        expect(await sitemap.text()).toContain(`/subCourse-details/${course.slug}`);

        // a course page is kept as a complete render: still a fresh hit after CONTENT_RETRY_MS
        const page = `${site.url}/subCourse-details/${course.slug}`;
        let cache: string | null = null;
        for (let attempt = 0; attempt < 50 && cache !== 'hit'; attempt += 1) {
          const response = await fetch(page);
          await response.body?.cancel();
          cache = response.headers.get('x-page-cache');
          if (cache !== 'hit') await sleep(100);
        }
        expect(cache).toBe('hit');
        await sleep(600);
        const later = await fetch(page);
        await later.body?.cancel();
        expect(later.headers.get('x-page-cache')).toBe('hit');

        // no crawl: neither list was read again, and no sub-course but the page's own
        const counts = admin.requestCounts();
        const crawled = Object.keys(counts).filter(
          (key) => key.startsWith('/course-venue/details/') && key !== `/course-venue/details/${course.slug}`,
        );
        expect(crawled).toEqual([]);
        expect(site.output()).not.toContain('[search] the kept index');
      } finally {
        await site.stop();
      }
    } finally {
      await admin.close();
    }
  });

  test('two servers sharing one file crawl the catalogue once; the other answers from what the first wrote', async () => {
    const admin = await startAdmin({ courses: 100 });
    const file = path.join(dir, 'shared', 'search-index.json');
    const env = { SEARCH_INDEX_FILE: file };
    // each server starts the crawl as it starts (src/background-jobs.ts), so both would crawl if nothing
    // stopped them: every admin call from the first start on is counted
    admin.resetCounts();
    const sites = [await startSite(admin, env), await startSite(admin, env)];
    try {
      // and both get visitors meanwhile
      const visits = sites.map(async (site) => {
        for (let i = 0; i < 10; i += 1) {
          await fetch(`${site.url}/about`).then((response) => response.body?.cancel());
          await sleep(100);
        }
      });
      await Promise.all(visits);
      const record = await untilComplete(file, sites[0]!.url);
      const counts = admin.requestCounts();
      const subCourseCalls = Object.entries(counts).filter(([key]) => key.startsWith('/course-venue/details/'));
      expect(subCourseCalls.length).toBeGreaterThanOrEqual(100);
      expect(subCourseCalls.filter(([, count]) => count > 1)).toEqual([]); // each course read once, not twice
      expect(counts['/learning-solution/content']).toBe(1);

      // both answer a venue search for the course read last (the second from the file, within a few seconds)
      const course = record.categories.at(-1)!.courses.at(-1)!;
      const today = new Date().toISOString().slice(0, 10);
      const venue = new Map(record.sessions)
        .get(course.slug)!
        .find((session) => session.start_date > today)!.venue_name;
      for (const site of sites) {
        let n = 0;
        await expect
          .poll(
            async () => {
              n += 1; // trailing spaces: a new page-cache key each time, the same search
              const query = new URLSearchParams({ q: course.title + ' '.repeat(n), venue });
              const html = await fetch(`${site.url}/search?${query}`).then((response) => response.text());
              return html.includes(`data-course="${course.slug}"`) && !html.includes('still reading');
            },
            { timeout: 15_000 },
          )
          .toBe(true);
      }
    } finally {
      for (const site of sites) await site.stop();
      await admin.close();
    }
  });

  test('a damaged or older file is reported in the log and rebuilt; no page fails', async () => {
    const admin = await startAdmin();
    try {
      const cases = [
        {
          name: 'cut short',
          text: `{"version":${CRAWL_RECORD_VERSION},"complete":true,"builtAt":17`,
          log: /not valid JSON/,
        },
        {
          name: 'older release',
          text: '{"version":1,"courses":[]}',
          log: new RegExp(`written in format 1, this release reads ${CRAWL_RECORD_VERSION}`),
        },
      ];
      for (const damaged of cases) {
        const file = path.join(dir, `${damaged.name}.json`);
        await writeFile(file, damaged.text);
        const site = await startSite(admin, { SEARCH_INDEX_FILE: file });
        try {
          const search = await fetch(`${site.url}/search?q=management`);
          expect(search.status, damaged.name).toBe(200);
          expect(await search.text()).toMatch(/\d+ courses? found/);
          const record = await untilComplete(file, site.url);
          expect(record.version, damaged.name).toBe(CRAWL_RECORD_VERSION);
          await expect.poll(() => site.output()).toMatch(damaged.log);
          await expect.poll(() => site.output()).toContain('it is ignored and rebuilt by a new crawl');
        } finally {
          await site.stop();
        }
      }
    } finally {
      await admin.close();
    }
  });

  test('while the very first crawl runs, a venue or month search says results may be missing', async () => {
    // 300 courses at 30 calls a minute: the sessions take ten minutes, the categories a moment
    const pair = await startPair({ courses: 300, env: { SEARCH_INDEX_CALLS_PER_MINUTE: '30' } });
    try {
      await expect
        .poll(async () => (await fetch(`${pair.site.url}/search?q=level`).then((r) => r.text())).includes('found'), {
          timeout: 30_000,
        })
        .toBe(true);
      const byVenue = await fetch(`${pair.site.url}/search?venue=Omega+Hall`).then((r) => r.text());
      expect(byVenue).toContain('We are still reading the catalogue: results for this venue may be missing.');
      expect(byVenue).not.toContain('None of our scheduled courses is held at');
      const byMonth = await fetch(`${pair.site.url}/search?month=3&venue=Omega+Hall`).then((r) => r.text());
      expect(byMonth).toContain('results for this venue and month may be missing');
      const byTitle = await fetch(`${pair.site.url}/search?q=level`).then((r) => r.text());
      expect(byTitle).not.toContain('still reading the catalogue'); // titles are all known already
    } finally {
      await pair.stop();
    }
  });

  test('a file that cannot be written is reported in /healthz and written once it can be, the crawl going on', async () => {
    // Issue 35: the folder of SEARCH_INDEX_FILE is a plain file, so every write fails (ENOTDIR), as a full or
    // read-only disk would; a pass of 150 courses saves its cursor as it goes
    const blocked = path.join(dir, 'var');
    await writeFile(blocked, 'not a folder');
    const file = path.join(blocked, 'search-index.json');
    const pair = await startPair({ courses: 150, env: { SEARCH_INDEX_FILE: file, CONTENT_RETRY_MS: '300' } });
    type Kept = { keptAt?: number; read?: number; of?: number; failing?: { attempts: number; error: string } };
    const health = async () =>
      (await (await fetch(`${pair.site.url}/healthz`)).json()) as { status: string; search?: { kept?: Kept } };
    try {
      await fetch(`${pair.site.url}/search?q=level`).then((response) => response.text()); // starts the crawl
      await expect.poll(async () => (await health()).search?.kept?.failing?.attempts ?? 0).toBeGreaterThan(1);
      const failing = await health();
      expect(failing.status).toBe('degraded'); // the site serves, search would go stale
      expect(failing.search?.kept?.failing?.error).toMatch(/ENOTDIR|EEXIST|not a directory/);
      // the crawl went on meanwhile: search answers from it
      await expect
        .poll(async () => (await fetch(`${pair.site.url}/search?q=level`).then((r) => r.text())).includes('found'))
        .toBe(true);

      // the disk is writable again: the next save (or a request after CONTENT_RETRY_MS) keeps the record
      await rm(blocked);
      let asked = 0;
      await expect
        .poll(
          async () => {
            // a new search each time: a kept page would not reach the index's store
            asked += 1;
            await fetch(`${pair.site.url}/search?q=level${' '.repeat(asked)}`).then((r) => r.body?.cancel());
            return (await health()).search?.kept;
          },
          { timeout: 30_000 },
        )
        .toMatchObject({ keptAt: expect.any(Number) });
      const kept = await health();
      expect(kept.search?.kept?.failing).toBeUndefined();
      expect(kept.status).toBe('ok');
      await untilComplete(file, pair.site.url);
    } finally {
      await pair.stop();
    }
  });
});

test.describe('a kept index past 64 MiB (issue 35)', () => {
  // three servers take turns on one large file: a whole crawl of 17 000 courses, a pass cut by kill -9, a restart
  test.describe.configure({ timeout: 900_000 });

  test('a restart in the middle of a pass answers the whole search at once from a file over 64 MiB', async () => {
    const admin = await startAdmin({ courses: 17_000, catalogue: 'real-world', descriptionChars: 2000 });
    const file = path.join(dir, 'search-index.json');
    // a fast pace, and an index due again after 1 s, so the second server starts a new pass at once
    const env = {
      SEARCH_INDEX_FILE: file,
      SEARCH_INDEX_CALLS_PER_MINUTE: '60000',
      SEARCH_INDEX_CONCURRENCY: '4',
      CONTENT_CACHE_TTL_MS: '1000',
    };
    /** The file's identity: a save renames a new file over it. */
    const identity = () =>
      stat(file).then(
        // an inode number can come back with the next file: its time and size say it is another
        ({ ino, size, mtimeMs }) => ({ stamp: `${ino}-${size}-${mtimeMs}`, size }),
        () => undefined,
      );
    try {
      // 1. a whole crawl (its record's opening says `complete` once the pass has ended and been saved)
      const first = await startSite(admin, env);
      try {
        await expect
          .poll(
            async () => {
              await fetch(`${first.url}/robots.txt`).then((response) => response.body?.cancel());
              return (await readOpening(file)).includes('"complete":true');
            },
            { timeout: 400_000, intervals: [500] },
          )
          .toBe(true);
      } finally {
        await first.stop();
      }
      // stopped by SIGTERM, it handed its crawl's lease over: the next server need not wait for it to lapse
      expect(existsSync(`${file}.lease`)).toBe(false);
      const whole = (await identity())!;
      expect(whole.size).toBeGreaterThan(64 * 1024 * 1024);
      const record = JSON.parse(await readFile(file, 'utf8')) as KeptRecord;
      const course = record.categories.at(-1)!.courses.at(-1)!;
      const today = new Date().toISOString().slice(0, 10);
      const venue = new Map(record.sessions)
        .get(course.slug)!
        .find((session) => session.start_date > today)!.venue_name;

      // 2. a second server starts the next pass (sub-courses answered slowly, so it is under way for a while)
      //    and is killed once the file holds that pass with some courses read
      admin.setFaults([{ path: '/course-venue/details/*', delayMs: 100 }]);
      const second = await startSite(admin, env);
      let cut: KeptRecord | undefined;
      try {
        let seen = whole.stamp;
        await expect
          .poll(
            async () => {
              const now = await identity();
              if (!now || now.stamp === seen) return false;
              seen = now.stamp;
              cut = JSON.parse(await readFile(file, 'utf8')) as KeptRecord;
              return typeof cut.pass?.next === 'number' && cut.pass.next > 0;
            },
            // the restarted server takes the lease at once (the first one handed it over), reads 70 MB, then saves
            { timeout: 300_000, intervals: [200] },
          )
          .toBe(true);
      } finally {
        await second.kill();
      }
      expect(cut!.pass!.next).toBeLessThan(cut!.pass!.slugs.length);
      expect((await identity())!.size).toBeGreaterThan(64 * 1024 * 1024);

      // 3. the restart answers the whole catalogue with its first search: the course the crawl reads last, by venue
      const third = await startSite(admin, env);
      try {
        const search = await fetch(`${third.url}/search?${new URLSearchParams({ q: course.title, venue })}`).then(
          (response) => response.text(),
        );
        expect(search).toContain(`data-course="${course.slug}"`);
        expect(search).not.toContain('still reading the catalogue');
        expect(third.output()).not.toContain('[search] could not read the kept index');
        expect(third.output()).not.toContain('is ignored and rebuilt');
      } finally {
        await third.stop();
      }
    } finally {
      await admin.close();
    }
  });
});

/** The first bytes of the kept record (its version and whether a crawl has read the catalogue whole). */
async function readOpening(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(200), 0, 200, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
