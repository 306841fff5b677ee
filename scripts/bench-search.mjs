#!/usr/bin/env node
/**
 * Course-search latency on a warm index (issue 6): starts the demo admin in this process, builds the index
 * through the real content layer (createContentSource → cache → admin client → valibot) exactly as the site
 * does, then times 1 000 varied searches (index lookup + reading the URL parameters + matching, filtering,
 * ranking and paging) and prints p50 / p99 / mean in milliseconds.
 *
 *   node scripts/bench-search.mjs [--queries 1000] [--site http://127.0.0.1:8080]
 *
 * `--site` also times the same searches as full GET /search page renders against a running site (start it
 * with `npm start`, or any build pointed at an admin), sequentially, after one warm-up request.
 * The TypeScript modules are loaded with Vite's module runner (vite is a devDependency), so there is no
 * build step and no extra tool.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { startDemoAdmin } from './demo-admin/server.mjs';

const { values: args } = parseArgs({
  options: { queries: { type: 'string', default: '1000' }, site: { type: 'string' } },
});
const QUERY_COUNT = Number(args.queries);
const root = fileURLToPath(new URL('..', import.meta.url));

/** @param {string} path */
async function load(path) {
  const { module } = await runnerImport(`${root}${path}`, { configFile: false, logLevel: 'silent', root });
  return module;
}

const [{ createContentSource }, { createSearchIndexStore }, { parseSearchQuery, searchCourses, searchHref }] =
  await Promise.all([
    load('src/lib/admin/content-source.ts'),
    load('src/lib/search/search-index-store.ts'),
    load('src/lib/search/search-query.ts'),
  ]);

const admin = await startDemoAdmin({ host: '127.0.0.1', port: 0, latencyMs: 0 });
try {
  const source = createContentSource({
    baseUrl: admin.url,
    timeoutMs: 5000,
    maxBytes: 4 * 1024 * 1024,
    ttlMs: 60_000,
    retryMs: 5000,
  });
  const store = createSearchIndexStore({ source, ttlMs: 60_000, retryMs: 5000, settleMs: 5250, log: () => {} });

  const coldStart = performance.now();
  const first = await store.get(60_000);
  const coldMs = performance.now() - coldStart;
  if (!first.ok) throw new Error(`index build failed: ${first.error.kind} ${first.error.message}`);
  const index = first.index;
  const adminCalls = Object.values(admin.requestCounts()).reduce((sum, count) => sum + count, 0);
  const sessions = index.courses.reduce((sum, course) => sum + course.sessions.length, 0);

  const queries = makeQueries(index, QUERY_COUNT);

  /** One search as /search does it, minus the rendering. */
  const searchOnce = async (params) => {
    const result = await store.get(0);
    if (!result.ok) throw new Error('index lost');
    const query = parseSearchQuery(params, result.index);
    return searchCourses(result.index, query).total;
  };

  for (const params of queries.slice(0, 200)) await searchOnce(params); // warm the JIT
  const times = [];
  let found = 0;
  for (const params of queries) {
    const start = performance.now();
    found += await searchOnce(params);
    times.push(performance.now() - start);
  }

  console.log(
    `index: ${index.categories.length} categories, ${index.courses.length} courses, ${sessions} sessions; ` +
      `cold build ${coldMs.toFixed(0)} ms over ${adminCalls} admin calls (demo admin, no latency)`,
  );
  console.log(
    `${QUERY_COUNT} searches on the warm index (${(found / QUERY_COUNT).toFixed(1)} courses found on average):`,
  );
  console.log(`  ${summary(times)}`);

  if (args.site) {
    const site = args.site.replace(/\/+$/, '');
    const get = async (href) => {
      const response = await fetch(`${site}${href}`);
      await response.text();
      if (response.status !== 200) throw new Error(`${href} answered ${response.status}`);
    };
    await get('/search'); // builds the site's own index
    const pageTimes = [];
    for (const params of queries) {
      const href = searchHref(parseSearchQuery(params, index));
      const start = performance.now();
      await get(href);
      pageTimes.push(performance.now() - start);
    }
    console.log(`${QUERY_COUNT} GET /search page renders from ${site} (sequential, HTML fully read):`);
    console.log(`  ${summary(pageTimes)}`);
  }
} finally {
  await admin.close();
}

/** @param {number[]} times */
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const ms = (value) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;
  return `p50 ${ms(at(0.5))}  p99 ${ms(at(0.99))}  mean ${ms(mean)}  max ${ms(sorted[sorted.length - 1])}`;
}

/**
 * A reproducible mix of what visitors type: title words and their beginnings, codes, venues, two words in
 * reverse order, accented spellings, filters alone and combined, later pages, nonsense and the empty search.
 */
function makeQueries(index, count) {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = (list) => list[Math.floor(random() * list.length)];
  const titleWords = (course) => course.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = [...new Set(index.courses.flatMap(titleWords))].filter((word) => word.length > 3);
  const kinds = [
    () => `q=${pick(words)}`,
    () => `q=${pick(words).slice(0, 4)}`,
    () => `q=${encodeURIComponent(pick(index.courses).code)}`,
    () => `q=${encodeURIComponent(pick(index.venues).toLowerCase())}`,
    () => `q=${pick(words)}+${pick(words)}`,
    () => {
      const title = titleWords(pick(index.courses));
      return `q=${[...title].reverse().join('+')}`;
    },
    () => `q=gesti%C3%B3n+${pick(words)}`,
    () => `q=${pick(words)}&venue=${encodeURIComponent(pick(index.venues))}`,
    () => `category=${pick(index.categories).key}`,
    () => `month=${pick(index.months)}&year=${pick(index.years)}`,
    () => `venue=${encodeURIComponent(pick(index.venues))}&year=${pick(index.years)}`,
    () => `page=${1 + Math.floor(random() * 7)}`,
    () => `q=xqzvw${Math.floor(random() * 1000)}`,
    () => '',
  ];
  return Array.from({ length: count }, () => pick(kinds)());
}
