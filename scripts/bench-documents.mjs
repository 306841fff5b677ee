// `npm run bench`, part 8 (issue 29): the course brochure, a PDF made per request. Time to make one on the built
// Node server, cold (the first after a start: PDFKit and the fonts load then) and warm (p50/p95 of 40 in a row),
// beside a page of the same course in the same run; and what the documents add to the Worker: its entry module
// and the brochure chunk it loads on first use (needs `npm run build:cloudflare`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startBuiltSite } from './bench-site.mjs';
import { startDemoAdmin } from './demo-admin/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SLUG = 'pmp-exam-preparation-bootcamp';

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

function workerModules() {
  const dir = path.join(root, 'dist-cloudflare/server/assets');
  if (!existsSync(dir)) return undefined;
  const size = (prefix) => {
    const file = readdirSync(dir).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
    if (!file) return undefined;
    const full = path.join(dir, file);
    return {
      kB: Math.round(statSync(full).size / 1024),
      gzipKB: Math.round(gzipSync(readFileSync(full)).length / 1024),
    };
  };
  return { entry: size('server-entry-'), brochure: size('course-brochure-') };
}

export async function runDocumentsBench() {
  const admin = await startDemoAdmin();
  const rows = [];
  try {
    const cold = [];
    for (let run = 0; run < 3; run += 1) {
      const site = await startBuiltSite(admin.url, { PAGE_CACHE_MAX_BYTES: '0' });
      try {
        await timed(`${site.url}/about`); // the server is up and has read the admin once
        cold.push((await timed(`${site.url}/brochure/${SLUG}.pdf`)).ms);
      } finally {
        site.stop();
      }
    }
    const site = await startBuiltSite(admin.url, { PAGE_CACHE_MAX_BYTES: '0' });
    try {
      const brochure = [];
      const page = [];
      let bytes = 0;
      for (let i = 0; i < 40; i += 1) {
        const made = await timed(`${site.url}/brochure/${SLUG}.pdf`);
        brochure.push(made.ms);
        bytes = made.bytes;
        page.push((await timed(`${site.url}/subCourse-details/${SLUG}`)).ms);
      }
      rows.push({
        document: 'course brochure',
        'cold ms (3 starts)': cold.map((ms) => Math.round(ms)).join(', '),
        'warm p50 ms': Math.round(percentile(brochure, 50)),
        'warm p95 ms': Math.round(percentile(brochure, 95)),
        'course page p50 ms (no page cache)': Math.round(percentile(page, 50)),
        'ratio to the page': (percentile(brochure, 50) / percentile(page, 50)).toFixed(2),
        KB: Math.round(bytes / 1024),
      });
    } finally {
      site.stop();
    }
  } finally {
    await admin.close();
  }
  console.log('\ndocuments (issue 29), made per request on the built Node server:');
  console.table(rows);
  const worker = workerModules();
  if (worker) {
    console.log('the Worker: its entry module, and the brochure chunk it loads with the first brochure:');
    console.table([worker]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDocumentsBench();
