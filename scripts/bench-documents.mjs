// `npm run bench`, part 7 (issue 29): the course brochure and a registration's quotation, PDFs made per request.
// Time to make one on the built Node server, cold (the first after a start: PDFKit and the fonts load then) and
// warm (p50/p95 of 40 in a row), beside a page of the same course in the same run; and what the documents add
// to the Worker: its entry module and the chunk it loads on first use (needs `npm run build:cloudflare`).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
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
  return {
    entry: size('server-entry-'),
    'PDF writer, fonts and PDFKit': size('pdf-writer-'),
    brochure: size('course-brochure-'),
    quotation: size('quotation-pdf-'),
  };
}

const decode = (value) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Registers 2 delegates through the form as a browser without JavaScript would; the quotation's address. */
async function quotationAddress(siteUrl) {
  const course = await (await fetch(`${siteUrl}/subCourse-details/${SLUG}`)).text();
  const register = decode(/href="(\/register\?session=[^"]+)"/.exec(course)[1]);
  const page = await (await fetch(`${siteUrl}${register}`)).text();
  const start = page.indexOf('action="#registration-form"');
  const form = page.slice(start, page.indexOf('</form>', start));
  const body = new FormData();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
    body.append(match[1], decode(match[2] ?? ''));
  const fields = {
    name: 'Bench Booker',
    email: 'bench@bench.bh',
    phone: '+973 1700 0000',
    country: 'BH',
    company: 'Bench Co',
    delegates: '2',
    'delegate1-name': 'One Bench',
    'delegate1-jobTitle': 'Planner',
    'delegate1-email': 'one@bench.bh',
    'delegate2-name': 'Two Bench',
    'delegate2-jobTitle': 'Buyer',
    'delegate2-email': 'two@bench.bh',
    payer: 'company',
    consent: 'yes',
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const answer = await (await fetch(`${siteUrl}${register}`, { method: 'POST', body })).text();
  const href = /href="(\/quotation\/[A-Za-z0-9_-]+\.pdf)"/.exec(answer)?.[1];
  if (!href) throw new Error('the registration showed no quotation');
  return `${siteUrl}${href}`;
}

export async function runDocumentsBench() {
  const admin = await startDemoAdmin();
  // registrations go to a webhook that takes them, from an outbox of the bench's own
  const sink = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
  const env = {
    PAGE_CACHE_MAX_BYTES: '0',
    ENQUIRY_OUTBOX_DIR: outbox,
    ENQUIRY_WEBHOOK_URL: `http://127.0.0.1:${sink.address().port}/hook`,
    ENQUIRY_RATE_LIMIT: '1000',
    QUOTATION_SECRET: 'a-quotation-key-for-the-bench',
  };
  const rows = [];
  try {
    const cold = { brochure: [], quotation: [] };
    let quotation;
    for (let run = 0; run < 3; run += 1) {
      for (const kind of ['brochure', 'quotation']) {
        const site = await startBuiltSite(admin.url, env);
        try {
          // the server is up and has read the admin once; the quotation's address comes from a registration
          await timed(`${site.url}/about`);
          const url = kind === 'brochure' ? `${site.url}/brochure/${SLUG}.pdf` : await quotationAddress(site.url);
          cold[kind].push((await timed(url)).ms);
          if (kind === 'quotation') quotation = url.slice(url.indexOf('/quotation/'));
        } finally {
          site.stop();
        }
      }
    }
    const site = await startBuiltSite(admin.url, env);
    try {
      const page = [];
      const made = { brochure: [], quotation: [] };
      const bytes = {};
      const urls = { brochure: `${site.url}/brochure/${SLUG}.pdf`, quotation: `${site.url}${quotation}` };
      for (let i = 0; i < 40; i += 1) {
        for (const kind of ['brochure', 'quotation']) {
          const answer = await timed(urls[kind]);
          made[kind].push(answer.ms);
          bytes[kind] = answer.bytes;
        }
        page.push((await timed(`${site.url}/subCourse-details/${SLUG}`)).ms);
      }
      for (const kind of ['brochure', 'quotation'])
        rows.push({
          document: kind,
          'cold ms (3 starts)': cold[kind].map((ms) => Math.round(ms)).join(', '),
          'warm p50 ms': Math.round(percentile(made[kind], 50)),
          'warm p95 ms': Math.round(percentile(made[kind], 95)),
          'course page p50 ms (no page cache)': Math.round(percentile(page, 50)),
          'ratio to the page': (percentile(made[kind], 50) / percentile(page, 50)).toFixed(2),
          KB: Math.round(bytes[kind] / 1024),
        });
    } finally {
      site.stop();
    }
  } finally {
    await admin.close();
    sink.close();
    rmSync(outbox, { recursive: true, force: true });
  }
  console.log('\ndocuments (issue 29), made per request on the built Node server:');
  console.table(rows);
  const worker = workerModules();
  if (worker) {
    console.log('the Worker: its entry module, and the chunks it loads with the first document:');
    console.table([worker]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDocumentsBench();
