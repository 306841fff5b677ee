// Warm serving throughput of the site next to a plain node:http server sending the very same bytes, in
// the same run on the same machine: the ratio is the figure (a cached page should cost about what a static
// file costs). Used by `npm run bench`; `node scripts/bench-serving.mjs URL…` runs it alone.
import http from 'node:http';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SERVING_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = 2;

export function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The exact response the site sends for `url` with this Accept-Encoding: status, headers and raw bytes. */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * Waits until `url` is answered from the page cache with a whole page: while the search index's first crawl
 * is still reading sessions, pages are kept as if already old (refreshed after CONTENT_RETRY_MS), which
 * shows as a large Age; warm means after that.
 */
async function keptWhole(url) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const { headers } = await rawGet(url, 'br');
    if (headers['x-page-cache'] === 'hit' && Number(headers.age) < 30) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} was not kept whole within 2 minutes`);
}

/** A plain static server answering every request with `body` and the given type and encoding. */
export async function staticServer({ body, type, encoding }) {
  const headers = { 'content-type': type, 'content-length': body.length };
  if (encoding) headers['content-encoding'] = encoding;
  const server = http.createServer((req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** Warm throughput of each route (identity and br) and of a static server sending the same bytes. */
export async function benchServing(siteUrl, routes) {
  const rows = [];
  for (const route of routes) {
    for (const encoding of [undefined, 'br']) {
      const url = `${siteUrl}${route}`;
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      await keptWhole(url);
      const sample = await rawGet(url, encoding);
      const sent = sample.headers['content-encoding'];
      const server = await staticServer({ body: sample.body, type: sample.headers['content-type'], encoding: sent });
      // alternated, best of each: other work on the machine then weighs on both sides alike
      let site;
      let baseline;
      for (let round = 0; round < ROUNDS; round += 1) {
        const siteRun = await load(url, headers);
        const staticRun = await load(server.url, headers);
        if (!site || siteRun.requests.average > site.requests.average) site = siteRun;
        if (!baseline || staticRun.requests.average > baseline.requests.average) baseline = staticRun;
      }
      server.close();
      rows.push({
        route,
        encoding: sent ?? 'identity',
        bytes: sample.body.length,
        'site req/s': Math.round(site.requests.average),
        'site p50 ms': site.latency.p50,
        'static req/s': Math.round(baseline.requests.average),
        ratio: Number((site.requests.average / baseline.requests.average).toFixed(2)),
        'non-2xx': site.non2xx,
      });
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [siteUrl, ...routes] = process.argv.slice(2);
  console.table(await benchServing(siteUrl, routes.length ? routes : ['/']));
}

/**
 * A minute (`seconds`) of browsing against a large catalogue: pages, `courses` distinct sub-courses spread
 * over the catalogue, and made-up slugs, one visit after another at `concurrency`. Returns the admin calls
 * made (sub-course calls apart: the crawl's and the visited pages') and the most open at once.
 */
export async function benchAdminLoad({ siteUrl, admin, seconds, concurrency = 4, courses = 100 }) {
  const solutions = (await (await fetch(`${admin.url}/learning-solution/content`)).json()).data;
  const all = [];
  for (const { id } of solutions) {
    const category = (await (await fetch(`${admin.url}/learning-solution-training/details/${id}`)).json()).data;
    all.push(...category.training_course.map((course) => course.slug));
  }
  const slugs = Array.from({ length: courses }, (_, n) => all[Math.floor((n * all.length) / courses)]);
  const pages = ['/', '/about', '/learning-solutions', '/gallery', '/contact-us', '/search?q=budget'];
  admin.resetCounts();
  const started = Date.now();
  let visits = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() - started < seconds * 1000) {
        n += 1;
        const path =
          n % 5 === 0
            ? `/subCourse-details/made-up-${n}`
            : n % 2 === 0
              ? `/subCourse-details/${slugs[n % slugs.length]}`
              : pages[n % pages.length];
        const response = await fetch(`${siteUrl}${path}`);
        await response.arrayBuffer();
        visits += 1;
      }
    }),
  );
  const minutes = (Date.now() - started) / 60_000;
  const counts = admin.requestCounts();
  const subCourseCalls = Object.entries(counts)
    .filter(([path]) => path.startsWith('/course-venue/details/') && !path.includes('/made-up-'))
    .reduce((sum, [, count]) => sum + count, 0);
  const madeUpCalls = Object.keys(counts).filter((path) => path.includes('/made-up-')).length;
  return {
    'catalogue sub-courses': admin.courses,
    'browsing s': seconds,
    'page visits': visits,
    'distinct courses visited': courses,
    'admin calls': admin.totalRequests(),
    'of them sub-course': subCourseCalls,
    'made-up slug': madeUpCalls,
    'admin calls / min': Math.round(admin.totalRequests() / minutes),
    'most admin calls at once': admin.mostInFlight(),
  };
}
