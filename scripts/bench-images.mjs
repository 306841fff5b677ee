#!/usr/bin/env node
// Image bytes a visitor's browser downloads, in real Chromium (Playwright) against the production build:
// `/` on a 375 px phone at DPR 2 and on a 1440 px desktop, and `/gallery` on the phone, before scrolling (the
// load, then the network quiet) and after scrolling to the end. Run on the demo's SVG drawings and on its
// "real photos" (4000×3000 JPEGs of ≈2.7 MB, scripts/demo-admin/photos.mjs), which is what a real admin serves.
// Called by `npm run bench`; on its own: `node scripts/bench-images.mjs [--site URL]` (needs `npm run build`;
// without --site it starts the demo admin, in both modes, and the built site on 127.0.0.1 and stops them).
//
// Then, on the real photos: a warm variant (kept on disk) against a plain node:http server sending the same bytes
// (autocannon, the ratio is the figure), and cold transforms of a 4000×3000 JPEG to 640 px WebP and AVIF with the
// Node server's image variants (scripts/node-server/image-variants.mjs), fetched from the demo admin.
//
// Goals (real photos): `/` on the phone at most 400 KB before scrolling and 1.5 MB after; a warm variant at
// least 0.8× the static server; a cold 640 px WebP under 1 s.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { load, staticServer } from './bench-serving.mjs';
import { startBuiltSite } from './bench-site.mjs';
import { startDemoAdmin } from './demo-admin/server.mjs';
import { findChromium } from './find-chromium.mjs';

export const IMAGE_GOAL = {
  beforeScrollBytes: 400 * 1024,
  afterScrollBytes: 1.5 * 1024 * 1024,
  warmRatio: 0.8,
  coldWebpMs: 1000,
};

const VIEWS = [
  { route: '/', name: 'phone 375 DPR 2', viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, mobile: true },
  { route: '/', name: 'desktop 1440', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, mobile: false },
  {
    route: '/gallery',
    name: 'phone 375 DPR 2',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    mobile: true,
  },
];

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Image bytes received by one page: every image response's body size (what crossed the wire, less headers). */
async function measureView(browser, siteUrl, view) {
  const context = await browser.newContext({
    viewport: view.viewport,
    deviceScaleFactor: view.deviceScaleFactor,
    isMobile: view.mobile,
    hasTouch: view.mobile,
  });
  const page = await context.newPage();
  const images = new Map();
  const pending = new Set();
  const isImage = (request) => request.resourceType() === 'image' || request.resourceType() === 'media';
  page.on('request', (request) => isImage(request) && pending.add(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('requestfinished', async (request) => {
    if (!isImage(request)) return;
    const sizes = await request.sizes().catch(() => undefined);
    if (sizes) images.set(request.url(), (images.get(request.url()) ?? 0) + sizes.responseBodySize);
    pending.delete(request);
  });
  // every picture asked for has arrived (a cold variant is made first), then the network is quiet
  const settled = async () => {
    for (let waited = 0; pending.size > 0 && waited < 30_000; waited += 100) await page.waitForTimeout(100);
    await page.waitForLoadState('networkidle');
  };
  const total = () => [...images.values()].reduce((sum, bytes) => sum + bytes, 0);
  await page.goto(`${siteUrl}${view.route}`, { waitUntil: 'load' });
  await settled();
  const before = total();
  const beforeCount = images.size;
  // scroll a screen at a time so lazy images come in as they would for a reader
  for (let guard = 0; guard < 60; guard += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await page.waitForTimeout(500);
  await settled();
  const after = total();
  await context.close();
  return { before, after, beforeCount, afterCount: images.size };
}

export async function benchImages({ siteUrl, label }) {
  const found = await findChromium();
  if (!found) throw new Error('no Chromium found: set CHROMIUM_PATH (e.g. /usr/bin/chromium)');
  const browser = await chromium.launch({
    executablePath: found.path,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows = [];
  try {
    for (const view of VIEWS) {
      const { before, after, beforeCount, afterCount } = await measureView(browser, siteUrl, view);
      const goal =
        label === 'real photos' && view.route === '/' && view.mobile
          ? before <= IMAGE_GOAL.beforeScrollBytes && after <= IMAGE_GOAL.afterScrollBytes
            ? 'yes'
            : 'NO'
          : '';
      rows.push({
        content: label,
        route: view.route,
        viewport: view.name,
        'before scrolling': `${mb(before)} (${beforeCount})`,
        'after scrolling': `${mb(after)} (${afterCount})`,
        goal,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** A gallery tile's 640 px variant, as the page names it. */
async function variantPath(siteUrl) {
  const html = await (await fetch(`${siteUrl}/gallery`)).text();
  const srcset = [...html.matchAll(/srcSet="([^"]+)"/gi)]
    .map((match) => match[1])
    .find((each) => each.includes(' 640w'));
  const candidate = srcset?.split(', ').find((each) => each.endsWith(' 640w'));
  if (!candidate) throw new Error('the gallery offers no 640 px variant (is the site serving real photos?)');
  return candidate.split(' ')[0];
}

/** A warm variant against a static server sending the same bytes (alternated, best of two, 10 connections). */
export async function benchWarmVariant(siteUrl) {
  const url = `${siteUrl}${await variantPath(siteUrl)}`;
  const headers = { accept: 'image/avif,image/webp,*/*' };
  const first = await fetch(url, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  const server = await staticServer({ body, type: first.headers.get('content-type') });
  let site;
  let baseline;
  try {
    for (let round = 0; round < 2; round += 1) {
      const siteRun = await load(url, headers);
      const staticRun = await load(server.url, headers);
      if (!site || siteRun.requests.average > site.requests.average) site = siteRun;
      if (!baseline || staticRun.requests.average > baseline.requests.average) baseline = staticRun;
    }
  } finally {
    server.close();
  }
  const ratio = site.requests.average / baseline.requests.average;
  return {
    variant: `640 px ${first.headers.get('content-type')}`,
    bytes: body.length,
    'site req/s': Math.round(site.requests.average),
    'site p50 ms': site.latency.p50,
    'static req/s': Math.round(baseline.requests.average),
    ratio: Number(ratio.toFixed(2)),
    'non-2xx': site.non2xx,
    goal: ratio >= IMAGE_GOAL.warmRatio ? 'yes' : 'NO',
  };
}

/** Cold transforms of one demo photo (4000×3000, ≈2.7 MB), each into an empty variants folder: median of 3. */
export async function benchColdTransform(admin) {
  const { createImageService } = await import('./node-server/image-variants.mjs');
  const source = `${admin.mediaOrigin}/media/gallery-01.jpg`;
  const original = await fetch(source);
  const bytes = (await original.arrayBuffer()).byteLength;
  const rows = [];
  for (const kind of ['webp', 'avif']) {
    const times = [];
    for (let run = 0; run < 3; run += 1) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-variants-'));
      const images = createImageService({
        dir,
        maxBytes: 64 * 1024 * 1024,
        concurrency: 1,
        maxSourceBytes: 25 * 1024 * 1024,
        maxPixels: 50_000_000,
        timeoutMs: 15_000,
        variantKind: () => kind,
        log: () => undefined,
      });
      await images.ready;
      const started = performance.now();
      const answer = await images.answer({
        key: `/bench/${run}`,
        source,
        width: 640,
        kind,
        namedOrigins: [admin.mediaOrigin],
      });
      times.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`cold transform answered ${answer.status}`);
      await rm(dir, { recursive: true, force: true });
    }
    times.sort((a, b) => a - b);
    rows.push({
      transform: `4000×3000 JPEG (${(bytes / 1024 / 1024).toFixed(2)} MB) → 640 px ${kind.toUpperCase()}`,
      'median ms': Math.round(times[1]),
      'runs ms': times.map((ms) => Math.round(ms)).join('/'),
      goal: kind === 'webp' ? (times[1] < IMAGE_GOAL.coldWebpMs ? 'yes' : 'NO') : '',
    });
  }
  return rows;
}

/** Both kinds of content, each with its own demo admin and site (or only `--site`, as it is). */
export async function runImageBench({ site } = {}) {
  const rows = [];
  let warm;
  let cold;
  if (site) rows.push(...(await benchImages({ siteUrl: site.replace(/\/$/, ''), label: 'given site' })));
  else {
    for (const photos of [false, true]) {
      const admin = await startDemoAdmin({ port: 0, photos });
      const built = await startBuiltSite(admin.url, {
        IMAGE_CACHE_DIR: await mkdtemp(path.join(os.tmpdir(), 'bench-site-variants-')),
      });
      try {
        rows.push(...(await benchImages({ siteUrl: built.url, label: photos ? 'real photos' : 'demo drawings' })));
        if (photos) {
          warm = await benchWarmVariant(built.url);
          cold = await benchColdTransform(admin);
        }
      } finally {
        built.stop();
        await admin.close();
      }
    }
  }
  console.log('\nimage bytes in Chromium (number of images in brackets; goal on / phone with real photos):');
  console.table(rows);
  if (warm) {
    console.log('\nwarm variant vs a plain node:http server sending the same bytes (ratio = site / static):');
    console.table([warm]);
  }
  if (cold) {
    console.log('\ncold transform (fetch from the demo admin + decode + resize + encode, one at a time):');
    console.table(cold);
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { site: { type: 'string' } } });
  await runImageBench({ site: values.site });
}
