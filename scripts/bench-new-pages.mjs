// Pages nobody asked for before (issue 35, wall 4): a new search and a first view are rendered, and kept, on
// the request's own time. Measured against a 2 000-course catalogue, once the search index is complete:
// - a new search sent br against a new search sent plain (sequential, alternating, medians; goal ≤ 1.3×);
// - new searches and first course views per second at 10 connections, beside a plain node:http server
//   sending the same page's bytes (the ceiling on these cores), as a ratio measured in the same run.
import http from 'node:http';
import { startBuiltSite } from './bench-site.mjs';
import { startDemoAdmin } from './demo-admin/server.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function timedGet(url, encoding) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      })
      .on('error', reject);
  });
}

/** Requests per second over `urls` (each asked once) at `connections` at once. */
async function rate(urls, connections, encoding) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        const { status } = await timedGet(url, encoding);
        if (status !== 200) throw new Error(`${url} answered ${status}`);
      }
    }),
  );
  return urls.length / ((performance.now() - started) / 1000);
}

export async function runNewPagesBench({ courses = Number(process.env.BENCH_COURSES ?? 2000), searches = 60 } = {}) {
  const admin = await startDemoAdmin({ port: 0, courses });
  const site = await startBuiltSite(admin.url, {
    SEARCH_INDEX_CALLS_PER_MINUTE: '60000',
    SEARCH_INDEX_CONCURRENCY: '4',
  });
  try {
    // the crawl has read every course once the sitemap (made from the search index) lists them all
    for (let tries = 0; ; tries += 1) {
      const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
      if ((sitemap.match(/\/subCourse-details\//g) ?? []).length >= courses) break;
      if (tries > 600) throw new Error('the search index did not complete');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // distinct queries: each is a page nobody asked for before
    const query = (index) => `${site.url}/search?q=level+${index + 1}&venue=`;
    const plain = [];
    const br = [];
    for (let index = 0; index < searches; index += 2) {
      plain.push((await timedGet(query(index))).ms);
      br.push((await timedGet(query(index + 1), 'br')).ms);
    }
    const category = await (await fetch(`${admin.url}/learning-solution/content`)).json();
    const slugs = [];
    for (const row of category.data.slice(-8)) {
      const details = await (await fetch(`${admin.url}/learning-solution-training/details/${row.id}`)).json();
      slugs.push(...details.data.training_course.map((course) => course.slug));
    }
    const searchUrls = Array.from({ length: 80 }, (_, index) => query(searches + index));
    const searchRate = await rate(searchUrls, 10, 'br');
    const viewRate = await rate(
      slugs.slice(0, 80).map((slug) => `${site.url}/subCourse-details/${slug}`),
      10,
      'br',
    );
    // the ceiling: the same bytes of one search page from a plain server
    const sample = Buffer.from(await (await fetch(query(0))).arrayBuffer());
    const staticServer = http.createServer((_req, res) => res.end(sample));
    await new Promise((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
    const staticUrl = `http://127.0.0.1:${staticServer.address().port}/`;
    const staticRate = await rate(
      Array.from({ length: 2000 }, () => staticUrl),
      10,
    );
    staticServer.close();
    return {
      'new search plain p50 ms': median(plain).toFixed(0),
      'new search br p50 ms': median(br).toFixed(0),
      'br / plain': (median(br) / median(plain)).toFixed(2),
      'new searches/s': searchRate.toFixed(1),
      'first course views/s': viewRate.toFixed(1),
      'static req/s': staticRate.toFixed(0),
      'searches / static': (searchRate / staticRate).toFixed(4),
      'views / static': (viewRate / staticRate).toFixed(4),
    };
  } finally {
    site.stop();
    await admin.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('new pages (a 2 000-course catalogue, its index complete):');
  console.table([await runNewPagesBench()]);
}
