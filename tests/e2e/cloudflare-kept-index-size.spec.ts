// Issue 35, wall 2, in workerd (`wrangler dev --test-scheduled --persist-to`): a catalogue of 5 000 courses
// with descriptions of 2 000 characters (English and Arabic) is crawled by the Cron Trigger twice over. Before,
// the second pass kept the old catalogue and a whole copy of the pass beside it, KV refused the record (413)
// and every later run failed. Here every scheduled run succeeds and keeps its record (/healthz says so), no value in the local KV store passes 20 MiB, and a change an editor makes in the admin
// between the passes is found by search once the second pass has ended.
// They fail when the Worker build is missing (test-all.mjs always makes it).
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { CourseCategory } from './support/admin-data';
import { siteEnvFor, startAdmin } from './support/servers';
import { startWorker, type Worker } from './support/worker';

const COURSES = 5000;
// Admin calls a run may make (runs here are less than a minute apart): a pass takes three runs, as a real
// deployment's would take 5 000 ÷ its pace minutes; the count of runs, not the pace, is what is under test.
const PACE = 2500;
const MAX_VALUE_BYTES = 20 * 1024 * 1024;
// /healthz gives its details to a caller with the token (a Worker sees no loopback peer)
const HEALTHZ_TOKEN = 'a-healthz-token-for-the-tests';

/** Every value file of the local KV store (miniflare keeps each value as a blob file), with its bytes. */
async function storedValues(store: string): Promise<number[]> {
  const sizes: number[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (full.includes(`${path.sep}blobs${path.sep}`)) sizes.push((await stat(full)).size);
    }
  };
  await walk(path.join(store, 'v3', 'kv'));
  return sizes;
}

type Kept = {
  keptAt?: number;
  bytes?: number;
  values?: number;
  read?: number;
  of?: number;
  complete?: boolean;
  failing?: { error: string };
};

test.describe('the kept search index on Workers never outgrows KV', () => {
  // retried once: its first run's record failed to show in /healthz in two of four fresh-clone runs (issue 30's
  // closing note of stop 39), cause not established; a retry that passes is reported as flaky, not hidden
  test.describe.configure({ timeout: 900_000, retries: 1 });

  test('two full passes of 5 000 courses with 2 000-character descriptions: every run kept, no value past 20 MiB, an edit found after the second', async () => {
    const admin = await startAdmin({ courses: COURSES, descriptionChars: 2000 });
    const store = await mkdtemp(path.join(os.tmpdir(), 'worker-kv-size-'));
    const vars = {
      ...siteEnvFor(admin),
      SEARCH_INDEX_CALLS_PER_MINUTE: String(PACE),
      CONTENT_CACHE_TTL_MS: '0',
      HEALTHZ_TOKEN,
    };
    const read = async <T>(apiPath: string) =>
      ((await (await fetch(`${admin.url}${apiPath}`)).json()) as { data: T }).data;
    // the course an editor changes between the passes: one of the generated ones, deep in the catalogue
    const solutions = await read<{ id: number }[]>('/learning-solution/content');
    const category = await read<CourseCategory>(`/learning-solution-training/details/${solutions.at(-3)!.id}`);
    const edited = category.training_course.at(-1)!;
    const word = 'zeolitic';

    let worker: Worker | undefined;
    // A new address for each look (trailing spaces: the page cache keys the raw query, search trims it), so
    // no render from before the last run is handed back from the Cache API.
    let looks = 0;
    const search = async (q: string) => {
      looks += 1;
      const response = await fetch(`${worker!.url}/search?${new URLSearchParams({ q: q + ' '.repeat(looks) })}`);
      return response.text();
    };
    const runs: (Kept & { calls: number; largestValue: number })[] = [];
    /**
     * One scheduled run, checked: it answered 200, stayed within its budget, and kept its record: /healthz
     * (which reads the health the run kept beside the record, reused a few seconds) shows it, not a failure.
     */
    const runOnce = async (): Promise<Kept> => {
      const n = runs.length + 1;
      const keptBefore = runs.at(-1)?.keptAt ?? 0;
      admin.resetCounts();
      await worker!.runSchedule(); // throws unless scheduled() answered 200
      const calls = admin.totalRequests();
      expect(calls, `run ${n} stays within its budget`).toBeLessThanOrEqual(PACE);
      let kept: Kept = {};
      let said = '';
      await expect
        .poll(
          async () => {
            // a request that hangs is reported as such, and the next look is a new request
            const health = await fetch(`${worker!.url}/healthz`, {
              headers: { authorization: `Bearer ${HEALTHZ_TOKEN}` },
              signal: AbortSignal.timeout(20_000),
            })
              .then((response) => response.json() as Promise<{ search?: { kept?: Kept } }>)
              .catch((error: Error) => ({ search: undefined, failed: error.message }));
            said = JSON.stringify(health.search ?? health);
            kept = health.search?.kept ?? {};
            if (kept.failing) return `run ${n} failed to keep its record: ${kept.failing.error}`;
            return (kept.keptAt ?? 0) > keptBefore ? 'kept' : 'not yet';
          },
          // the first run's record was not seen within 30 s in two of four fresh-clone runs, nor within 180 s in
          // one of them (cause not established): what /healthz said last is in the failure
          { timeout: 180_000 },
        )
        .toBe('kept')
        .catch((error: Error) => {
          throw new Error(
            `run ${n}: /healthz's search said ${said} (${calls} admin calls)\n${error.message}\n` +
              `the Worker's log, last lines:\n${worker!.output().slice(-6000)}`,
          );
        });
      const values = await storedValues(store);
      expect(values.length, 'KV holds values').toBeGreaterThan(0);
      const largestValue = Math.max(...values);
      expect(largestValue, `run ${n}: the largest value in KV`).toBeLessThanOrEqual(MAX_VALUE_BYTES);
      runs.push({ ...kept, calls, largestValue });
      return kept;
    };

    try {
      worker = await startWorker(vars, store, { logLevel: 'info' });
      // pass 1 (the deployment's first crawl)
      for (let kept = await runOnce(); !kept.complete || kept.read! < kept.of!; kept = await runOnce()) {
        expect(runs.length, 'the first pass ends').toBeLessThan(10);
      }
      const firstPass = runs.length;
      expect(runs.at(-1)!.of).toBe(COURSES);
      await expect
        .poll(async () => (await search(edited.title)).includes(`data-course="${edited.slug}"`), { timeout: 60_000 })
        .toBe(true);
      expect(await search(word)).not.toContain(`data-course="${edited.slug}"`);

      // an editor rewrites the course's description in the admin
      admin.editContent(`/course-venue/details/${edited.slug}`, (data: { description: string }) => ({
        ...data,
        description: `Regenerating ${word} catalysts in hydrocracking units. ${data.description}`,
      }));

      // pass 2: its runs keep only what differs from the catalogue beside it
      for (let kept = await runOnce(); kept.read! < kept.of!; kept = await runOnce()) {
        expect(runs.length - firstPass, 'the second pass ends').toBeLessThan(10);
      }
      expect(runs.length - firstPass).toBeGreaterThanOrEqual(2); // a pass larger than one run: a pass in progress was kept
      await expect
        .poll(async () => (await search(word)).includes(`data-course="${edited.slug}"`), { timeout: 60_000 })
        .toBe(true);

      // the figures, for the record of this change (docs/decisions/039)
      console.log(
        runs
          .map(
            (run, n) =>
              `run ${n + 1}: ${run.calls} calls, ${run.read}/${run.of} read, record ${run.bytes} bytes ` +
              `in ${run.values} value(s), largest KV value ${run.largestValue} bytes`,
          )
          .join('\n'),
      );
    } finally {
      await worker?.stop();
      await admin.close();
      await rm(store, { recursive: true, force: true });
    }
  });
});
