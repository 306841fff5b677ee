// Memory under a mixed load (issue 35, wall 5): the built site against a 2 000-course catalogue, once its search
// index is complete, under a fixed number of connections for a fixed time (3 minutes), each asking for one of:
// the home page, course pages (some far more asked for than others, as in real traffic), category pages, new
// searches (and a few popular ones), made-up URLs (unknown courses and paths) and the pages' pictures. Most
// requests accept br like browsers, some gzip only, a few nothing. Reports the server's RSS (read from
// /proc every second: at the start, the highest, at the end and after 15 s idle; goal ≤ 512 MB) and the page
// cache's hit rate (from each answer's x-page-cache, and the server's own counter in /healthz), and what a kept
// page costs it on average. BENCH_CHECKOUT: another built checkout to run instead (its scripts and dist/), for
// a before/after on the same machine in the same hour.
//
//   node scripts/bench-mixed-load.mjs        (BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS, BENCH_COURSES; part of npm run bench)
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltSite } from './bench-site.mjs';
import { startDemoAdmin } from './demo-admin/server.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function get(url, encoding) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent, headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            cache: res.headers['x-page-cache'] ?? 'none',
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      })
      .on('error', reject);
  });
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Every course slug and category id of the admin's catalogue. */
async function catalogueOf(adminUrl) {
  const json = async (path) => (await (await fetch(`${adminUrl}${path}`)).json()).data;
  const slugs = [];
  const categories = [];
  for (const [list, details, page] of [
    ['/upcoming-certification/content', '/upcoming-training/details/', '/upcoming-training-course-details/'],
    ['/learning-solution/content', '/learning-solution-training/details/', '/learning-solutions-course-details/'],
  ]) {
    for (const row of await json(list)) {
      categories.push(`${page}${row.id}`);
      for (const course of (await json(`${details}${row.id}`)).training_course) slugs.push(course.slug);
    }
  }
  return { slugs, categories };
}

export async function runMixedLoadBench({
  courses = Number(process.env.BENCH_COURSES ?? 2000),
  seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 180),
  connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 20),
  checkout = process.env.BENCH_CHECKOUT,
} = {}) {
  // camera-sized photos, as a real admin serves: the pages show them through the site's resizing (/_img/)
  const admin = await startDemoAdmin({ port: 0, courses, photos: true });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const indexFile = path.join(scratch, 'search-index.json');
  /** A site as `npm start` runs it, on the kept index (the load meets a server that has been up a while). */
  const start = (env = {}) =>
    startBuiltSite(
      admin.url,
      {
        IMAGE_CACHE_DIR: path.join(scratch, 'images'),
        SEARCH_INDEX_FILE: indexFile,
        MALLOC_ARENA_MAX: '2',
        MALLOC_TRIM_THRESHOLD_: '131072',
        ...env,
      },
      checkout ? { checkout } : {},
    );
  /** Until the sitemap (made from the search index) lists every course. */
  const indexed = async (site) => {
    for (let tries = 0; ; tries += 1) {
      const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
      if ((sitemap.match(/\/subCourse-details\//g) ?? []).length >= courses) return;
      if (tries > 1200) throw new Error('the search index did not complete');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  // the catalogue crawled whole into the kept index at a fast pace (only its result matters here), then the
  // measured server started on it at the default pace: a re-crawl at the fast pace would build a second index
  // beside the first in the middle of the load, which no server at the default pace does
  const crawler = await start({ SEARCH_INDEX_CALLS_PER_MINUTE: '60000', SEARCH_INDEX_CONCURRENCY: '4' });
  try {
    await indexed(crawler);
    while (!existsSync(indexFile)) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    crawler.stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const site = await start();
  try {
    await indexed(site);
    const { slugs, categories } = await catalogueOf(admin.url);
    // the pictures the pages show (signed /_img/ addresses), as a browser would ask for them
    const shown = new Set();
    for (const page of ['/', categories[0], categories.at(-1), `/subCourse-details/${slugs[0]}`, '/gallery']) {
      const html = await (await fetch(`${site.url}${page}`)).text();
      for (const [found] of html.matchAll(/\/_img\/[^"'\s,]+/g)) shown.add(found.replaceAll('&amp;', '&'));
    }
    // (an address read out of the inline payload may carry its escaping: only those that answer are asked for)
    const pictures = [];
    for (const picture of shown)
      if ((await get(`${site.url}${picture}`, undefined)).status === 200) pictures.push(picture);
    if (!pictures.length) throw new Error('the pages show no resized picture');
    const popularSearches = ['management', 'leadership', 'finance', 'safety', 'project'];

    let made = 0;
    let searched = 0;
    // each kind with its share of the requests
    const kinds = [
      ['home', 0.1, () => '/'],
      // some courses are asked for far more than others: u² leans towards the start of the list
      ['course', 0.35, () => `/subCourse-details/${slugs[Math.floor(Math.random() ** 2 * slugs.length)]}`],
      ['category', 0.1, () => categories[Math.floor(Math.random() * categories.length)]],
      [
        'search',
        0.15,
        () =>
          Math.random() < 0.3
            ? `/search?q=${popularSearches[Math.floor(Math.random() * popularSearches.length)]}`
            : `/search?q=level+${(searched += 1)}`,
      ],
      ['made-up', 0.1, () => ((made += 1) % 2 ? `/subCourse-details/made-up-course-${made}` : `/no-such-page-${made}`)],
      ['image', 0.2, () => pictures[Math.floor(Math.random() * pictures.length)]],
    ];
    const pick = () => {
      let roll = Math.random();
      for (const kind of kinds) if ((roll -= kind[1]) < 0) return kind;
      return kinds[0];
    };
    const encodingOf = () => {
      const roll = Math.random();
      return roll < 0.85 ? 'br, gzip' : roll < 0.95 ? 'gzip' : undefined;
    };

    const results = new Map(kinds.map(([name]) => [name, { times: [], statuses: {}, caches: {} }]));
    const samples = [];
    const before = rssMb(site.pid);
    const sampler = setInterval(() => samples.push(rssMb(site.pid)), 1000);
    const ends = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < ends) {
          const [name, , path] = pick();
          const answer = await get(`${site.url}${path()}`, encodingOf());
          const result = results.get(name);
          result.times.push(answer.ms);
          result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
          result.caches[answer.cache] = (result.caches[answer.cache] ?? 0) + 1;
        }
      }),
    );
    clearInterval(sampler);
    const atEnd = rssMb(site.pid);
    const memoryAtEnd = (await (await fetch(`${site.url}/healthz`)).json()).memoryMb;
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const idle = rssMb(site.pid);
    const health = await (await fetch(`${site.url}/healthz`)).json();

    const table = [...results].map(([name, { times, statuses, caches }]) => {
      times.sort((a, b) => a - b);
      return {
        kind: name,
        requests: times.length,
        'p50 ms': percentile(times, 0.5).toFixed(0),
        'p95 ms': percentile(times, 0.95).toFixed(0),
        statuses: Object.entries(statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
        'x-page-cache': Object.entries(caches)
          .map(([cache, count]) => `${cache}×${count}`)
          .join(' '),
      };
    });
    // hit rate over the pages the cache may answer (pictures are not pages)
    let pages = 0;
    let hits = 0;
    for (const [name, { caches }] of results) {
      if (name === 'image') continue;
      for (const [cache, count] of Object.entries(caches)) {
        pages += count;
        if (cache === 'hit' || cache === 'stale') hits += count;
      }
    }
    const total = table.reduce((sum, row) => sum + row.requests, 0);
    return {
      table,
      summary: {
        courses,
        connections,
        seconds,
        'requests/s': (total / seconds).toFixed(1),
        'RSS before MB': before.toFixed(0),
        'RSS max MB': Math.max(before, ...samples).toFixed(0),
        'RSS end MB': atEnd.toFixed(0),
        'RSS idle 15 s MB': idle.toFixed(0),
        'page hit rate (answers)': (hits / Math.max(1, pages)).toFixed(3),
        ...(health.pageCache
          ? {
              'kept bytes per page': Math.round(health.pageCache.bytes / Math.max(1, health.pageCache.pages)),
              'page cache (healthz)': JSON.stringify(health.pageCache),
            }
          : {}),
        ...(memoryAtEnd ? { 'memory at the end (healthz)': JSON.stringify(memoryAtEnd) } : {}),
        ...(health.memoryMb ? { 'memory idle (healthz)': JSON.stringify(health.memoryMb) } : {}),
      },
    };
  } finally {
    site.stop();
    await admin.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table, summary } = await runMixedLoadBench();
  console.log('mixed load (fixed connections; RSS of the server process):');
  console.table(table);
  console.table([summary]);
}
