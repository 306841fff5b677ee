#!/usr/bin/env node
// `npm run bench`: speed of the production build on this machine, against the demo admin on 127.0.0.1.
// Needs `npm run build` first. Bounded: a fixed number of requests per route, then it stops everything.
//
// For each route: time to first byte and to the end on a cold cache with the admin 800 ms slow (streaming),
// warm-cache latency p50/p99 and throughput at concurrency 10, and the page weight: HTML and the JS it
// loads (gzip bytes), which is what a phone on a slow network pays. Then (scripts/bench-serving.mjs): warm
// throughput of `/` and a sub-course page next to a plain node:http server sending the same bytes (identity
// and br), and the admin calls per minute during a minute of browsing a 2 000-course catalogue; then
// (scripts/bench-search-index.mjs) a restart on the kept search index and the Workers scheduled crawl. Then the
// pictures (scripts/bench-images.mjs) and Lighthouse, on the demo's drawings and on real photos.
import http from 'node:http';
import zlib from 'node:zlib';
import { benchAdminLoad, benchServing } from './bench-serving.mjs';
import { startBuiltSite } from './bench-site.mjs';
import { startDemoAdmin } from './demo-admin/server.mjs';

const ROUTES = (
  process.env.BENCH_ROUTES ??
  '/,/about,/gallery,/contact-us,/upcoming-training-course-details/101,/subCourse-details/SLUG,/search?q=management'
).split(',');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

function timedGet(url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let firstByte;
        let bytes = 0;
        res.on('data', (chunk) => {
          firstByte ??= ms();
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode, firstByte, total: ms(), bytes }));
      })
      .on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function pageWeight(url) {
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  // the scripts the page loads as it starts: named in `src`/`href` attributes or in the list the bootstrap
  // loads after the first screen (src/lib/first-paint/scripts-after-first-screen.ts)
  const scripts = new Set([...html.toString().matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let js = 0;
  for (const script of scripts) js += gzipSize(Buffer.from(await (await fetch(new URL(script, url))).arrayBuffer()));
  return { html: gzipSize(html), js, files: scripts.size };
}

const admin = await startDemoAdmin({ port: 0 });
const firstSlug = await (async () => {
  const category = await (await fetch(`${admin.url}/upcoming-training/details/101`)).json();
  return category.data.training_course[0]?.slug ?? 'none';
})();
const routes = ROUTES.map((route) => route.replace('SLUG', firstSlug));

console.log(`bench: ${REQUESTS} warm requests per route at concurrency ${CONCURRENCY}; node ${process.version}\n`);

// 1. Streaming on a cold cache: a fresh site per route, every admin call 800 ms slow.
const cold = [];
for (const route of routes) {
  admin.setFaults([{ path: '*', delayMs: 800 }]);
  const site = await startBuiltSite(admin.url);
  const result = await timedGet(`${site.url}${route}`);
  cold.push({ route, firstByteMs: result.firstByte.toFixed(0), doneMs: result.total.toFixed(0) });
  site.stop();
}
admin.resetFaults();
console.log('cold cache, admin 800 ms slow (first byte = shell + skeletons):');
console.table(cold);

// 2. Warm cache latency and throughput.
const site = await startBuiltSite(admin.url);
const warm = [];
for (const route of routes) {
  const url = `${site.url}${route}`;
  for (let i = 0; i < 20; i += 1) await timedGet(url); // warm the cache and the JIT
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const { total, status } = await timedGet(url);
        if (status !== 200) throw new Error(`${route} answered ${status}`);
        times.push(total);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const weight = await pageWeight(url);
  warm.push({
    route,
    'p50 ms': percentile(times, 50).toFixed(1),
    'p99 ms': percentile(times, 99).toFixed(1),
    'req/s': Math.round(times.length / seconds),
    'HTML gzip': kb(weight.html),
    'JS gzip': kb(weight.js),
    'JS files': weight.files,
  });
}
site.stop();
console.log('\nwarm cache:');
console.table(warm);

// 3. Warm throughput against a static server sending the same bytes (autocannon, 10 connections).
{
  const servingSite = await startBuiltSite(admin.url);
  const serving = await benchServing(servingSite.url, ['/', `/subCourse-details/${firstSlug}`]);
  servingSite.stop();
  console.log('\nwarm page vs a plain node:http server sending the same bytes (ratio = site / static):');
  console.table(serving);
}
await admin.close();

// 4. The admin's load during a minute of browsing a 2 000-course catalogue (the site's default settings).
{
  const courses = Number(process.env.BENCH_COURSES ?? 2000);
  const bigAdmin = await startDemoAdmin({ port: 0, courses });
  const bigSite = await startBuiltSite(bigAdmin.url);
  const load = await benchAdminLoad({
    siteUrl: bigSite.url,
    admin: { ...bigAdmin, url: bigAdmin.url, courses },
    seconds: Number(process.env.BENCH_BROWSE_SECONDS ?? 60),
  });
  bigSite.stop();
  await bigAdmin.close();
  console.log('\nadmin load while browsing a large catalogue (from a cold start):');
  console.table([load]);
}

// 4b. Pages nobody asked for before (issue 35): a new search sent br against the same sent plain, and new
// searches and first course views per second beside a static server (scripts/bench-new-pages.mjs).
{
  const { runNewPagesBench } = await import('./bench-new-pages.mjs');
  console.log('\nnew pages on a 2 000-course catalogue (ratios against a static server in the same run):');
  console.table([await runNewPagesBench()]);
}

// 4c. Memory under a mixed load (issue 35): RSS over 3 minutes of 20 connections asking for the home page, course
// and category pages, new searches, made-up URLs and pictures of a 2 000-course catalogue; the page cache's hit
// rate over it (scripts/bench-mixed-load.mjs).
{
  const { runMixedLoadBench } = await import('./bench-mixed-load.mjs');
  const { table, summary } = await runMixedLoadBench();
  console.log('\nmixed load on a 2 000-course catalogue (RSS of the server process; goal ≤ 512 MB):');
  console.table(table);
  console.table([summary]);
}

// 5. The kept search index (issue 19): a Node restart on SEARCH_INDEX_FILE, and on Workers the catalogue
// indexed by scheduled runs and shared by two instances (skipped without `npm run build:cloudflare`).
await (await import('./bench-search-index.mjs')).runSearchIndexBench();

// 5a. The event loop while the crawl runs and keeps its index (issue 35): the longest wait of a small request
// behind the crawl's own work at 5 000 courses with full descriptions, beside the same server idle after it.
{
  const { benchCrawlStall, formatCrawlStall } = await import('./bench-crawl-stall.mjs');
  console.log(`\n${formatCrawlStall(await benchCrawlStall({ courses: 5000 }))}`);
}

// 5b. Search that forgives (issue 33): computed search at 200, 5 000 and 20 000 courses with the page cache off,
// the kept index's bytes and load time, and the script bytes of `/` and of the suggestions loaded on focus.
await (await import('./bench-forgiving-search.mjs')).runForgivingSearchBench();

// 6. Image bytes in Chromium on the demo's drawings and on real photos, a warm variant vs a static server, cold
// transforms (scripts/bench-images.mjs, its own admins and sites).
await (await import('./bench-images.mjs')).runImageBench();

// 7. Documents (issue 29): the course brochure made per request, cold and warm, and the Worker's module sizes
// (scripts/bench-documents.mjs).
await (await import('./bench-documents.mjs')).runDocumentsBench();

// 8. Lighthouse mobile on the home, course-details, sub-course and gallery pages (its own admin and site), on the
// demo's drawings and then on real photos (4000×3000 JPEGs).
const { runLighthouseBench } = await import('./bench-lighthouse.mjs');
await runLighthouseBench();
await runLighthouseBench({ photos: true, routes: '/,/subCourse-details/SLUG,/gallery' });

// 9. Issue 28: Lighthouse mobile on every page template, idle and with one core busy (a CPU-bound process the
// bench starts), with the scripts each sends and its TBT with the scripts blocked (LIGHTHOUSE_TEMPLATE_RUNS).
await (await import('./bench-lighthouse.mjs')).runTemplatesBench();
