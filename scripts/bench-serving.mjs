// Warm serving throughput of the site next to a plain node:http server sending the very same bytes, in
// the same run on the same machine: the ratio is the figure (a cached page should cost about what a static
// file costs). Used by `npm run bench`; `node scripts/bench-serving.mjs URL…` runs it alone.
import http from 'node:http';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SERVING_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = 2;

function load(url, headers) {
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

/** A plain static server answering every request with `body` and the given type and encoding. */
async function staticServer({ body, type, encoding }) {
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
      for (let i = 0; i < 3; i += 1) await rawGet(url, encoding); // the page is rendered and kept
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
 * A minute (`seconds`) of browsing against a large catalogue: pages, real sub-courses and made-up slugs,
 * one visitor after another at `concurrency`. Returns the admin calls made and the most open at once.
 */
export async function benchAdminLoad({ siteUrl, admin, seconds, concurrency = 4 }) {
  const solutions = (await (await fetch(`${admin.url}/learning-solution/content`)).json()).data;
  const slugs = [];
  for (const { id } of solutions.slice(-10)) {
    const category = (await (await fetch(`${admin.url}/learning-solution-training/details/${id}`)).json()).data;
    slugs.push(...category.training_course.map((course) => course.slug));
  }
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
  return {
    'catalogue sub-courses': admin.courses,
    'browsing s': seconds,
    'page visits': visits,
    'admin calls': admin.totalRequests(),
    'admin calls / min': Math.round(admin.totalRequests() / minutes),
    'most admin calls at once': admin.mostInFlight(),
  };
}
