#!/usr/bin/env node
/**
 * The longest stall of the Node server's event loop while the catalogue crawl runs and keeps its index
 * (issue 35: "saving never blocks the event loop for long"; goal ≤ 50 ms at 5 000 courses).
 *
 * A real-world catalogue of BENCH_STALL_COURSES (default 5 000) courses × 6 sessions with descriptions written
 * out to 2 000 characters, crawled whole from a cold start at a fast pace into a fresh SEARCH_INDEX_FILE (so
 * the pass's cursor saves, the index build and the final save all happen within a minute or two). Meanwhile
 * one client asks for `/robots.txt` (a constant answer that touches neither the admin nor the index) again
 * 10 ms after each answer: its slowest answer, less the median one, is how long a visitor's request waited
 * behind the crawl's own work. The probe runs on until the crawl's complete record is on disk and 3 s more.
 *
 *   node scripts/bench-crawl-stall.mjs          (needs `npm run build`; part of `npm run bench`)
 *   BENCH_CHECKOUT=<another built checkout>     runs that checkout's server instead (a before/after)
 */
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltSite } from './bench-site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the kept record says a crawl has read the whole catalogue (its opening bytes hold `complete`). */
async function crawledWhole(file) {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return false;
  }
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(200), 0, 200, 0);
    return /"complete":true/.test(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The demo admin in a process of its own: in the bench's process its answers (a hundred a second during the
 * crawl) would delay the probe's own answers and be counted as the site's stall.
 */
async function startAdminProcess({ courses, descriptionChars }) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/demo-admin/server.mjs')], {
    env: {
      ...process.env,
      DEMO_ADMIN_PORT: String(port),
      DEMO_COURSES: String(courses),
      DEMO_CATALOGUE: 'real-world',
      DEMO_DESCRIPTION_CHARS: String(descriptionChars),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/api`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${url}/setting/content`).then((response) => response.arrayBuffer());
      break;
    } catch (error) {
      if (attempt > 300) throw error;
      await sleep(100);
    }
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function benchCrawlStall({
  courses = 5000,
  descriptionChars = 2000,
  checkout = process.env.BENCH_CHECKOUT,
} = {}) {
  const admin = await startAdminProcess({ courses, descriptionChars });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-stall-'));
  const file = path.join(dir, 'search-index.json');
  const site = await startBuiltSite(
    admin.url,
    {
      SEARCH_INDEX_FILE: file,
      SEARCH_INDEX_CALLS_PER_MINUTE: '60000',
      SEARCH_INDEX_CONCURRENCY: '4',
      // the idle baseline below needs an index that stays fresh: the Node schedule (issue 30) starts a new pass
      // on its next minute once the index is older than the TTL
      CONTENT_CACHE_TTL_MS: '3600000',
    },
    checkout ? { checkout } : {},
  );
  try {
    /** Asks for /robots.txt 10 ms after each answer until `done()`; the answers' times. */
    const probe = async (done) => {
      const latencies = [];
      let slowest = { ms: 0, atS: 0 };
      const started = Date.now();
      while (!(await done(latencies.length))) {
        const sent = performance.now();
        await fetch(`${site.url}/robots.txt`).then((response) => response.arrayBuffer());
        const ms = performance.now() - sent;
        latencies.push(ms);
        if (ms > slowest.ms) slowest = { ms, atS: (Date.now() - started) / 1000 };
        await sleep(10);
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const median = percentile(sorted, 50);
      return {
        probes: latencies.length,
        medianMs: median,
        p99Ms: percentile(sorted, 99),
        slowestMs: slowest.ms,
        slowestAtS: slowest.atS,
        stallMs: slowest.ms - median,
        over50: latencies.filter((ms) => ms - median > 50).length,
      };
    };
    // the crawl starts with the first request that wants the index
    await fetch(`${site.url}/search?q=leadership`).then((response) => response.arrayBuffer());
    const started = Date.now();
    let doneAt;
    let lastCheck = 0;
    const crawling = await probe(async () => {
      if (doneAt === undefined && Date.now() - lastCheck > 500) {
        lastCheck = Date.now();
        if (await crawledWhole(file)) doneAt = Date.now();
        if (Date.now() - started > 900_000) throw new Error('the crawl did not end in 15 minutes');
      }
      return doneAt !== undefined && Date.now() - doneAt >= 3000;
    });
    // the baseline, same server, same run: as many answers with no crawl running (the index is fresh)
    const idle = await probe(async (count) => count >= crawling.probes);
    const { size } = await stat(file);
    return { courses, crawlSeconds: (doneAt - started) / 1000, keptMB: size / 1e6, crawling, idle };
  } finally {
    site.stop();
    await admin.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatCrawlStall(row) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  const line = (name, run) =>
    `  ${name} (${run.probes} answers): median ${ms(run.medianMs)}, p99 ${ms(run.p99Ms)}, slowest ${ms(run.slowestMs)} at ${run.slowestAtS.toFixed(1)} s; longest stall (slowest − median) ${ms(run.stallMs)}, ${run.over50} held > 50 ms`;
  return [
    `Event-loop stall during a crawl (${row.courses} courses × 6 sessions, 2 000-character descriptions, fresh file; /robots.txt every 10 ms):`,
    `  crawl to the kept complete record ${row.crawlSeconds.toFixed(1)} s, kept file ${row.keptMB.toFixed(1)} MB`,
    line('during the crawl and its saves', row.crawling),
    line('after it, nothing running (baseline)', row.idle),
    `  goal: the longest stall during the crawl ≤ 50 ms (${ms(row.crawling.stallMs)}; the machine's own, baseline: ${ms(row.idle.stallMs)})`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const courses = Number(process.env.BENCH_STALL_COURSES ?? 5000);
  process.stdout.write(`${formatCrawlStall(await benchCrawlStall({ courses }))}\n`);
}
