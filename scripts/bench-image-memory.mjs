#!/usr/bin/env node
// What the Node server keeps resident after large transforms: N camera-sized photos (4000×3000 JPEGs of the
// demo admin's "real photos") resized to 1080–1920 px as AVIF, WebP and JPEG, two at a time, with the Node
// server's image variants (scripts/node-server/image-variants.mjs). Prints the RSS before, at its peak and
// after (garbage collected, 5 s idle) as one JSON line.
//
// On glibc the figure after depends on the allocator, not on sharp: libvips frees what it used, but glibc keeps
// the freed pages in one arena per thread that touched them. Compare
//   node --expose-gc scripts/bench-image-memory.mjs [N]
//   MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 node --expose-gc scripts/bench-image-memory.mjs [N]
// (`npm start` sets both).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDemoAdmin } from './demo-admin/server.mjs';
import { createImageService } from './node-server/image-variants.mjs';

const count = Number(process.argv[2] ?? 24);
const admin = await startDemoAdmin({ host: '127.0.0.1', port: 0, mediaPort: 0, photos: true });
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-image-memory-'));
const images = createImageService({
  dir,
  maxBytes: 1024 ** 3,
  concurrency: 2,
  clientPending: count,
  clientWriteBytes: 1024 ** 3,
  maxSourceBytes: 25 * 1024 * 1024,
  maxPixels: 50_000_000,
  timeoutMs: 60_000,
  fetchTimeoutMs: 10_000,
  variantKind: () => 'webp',
  log: () => undefined,
});
const gallery = JSON.stringify(await (await fetch(`${admin.url}/gallery/content`)).json());
const photos = [...new Set(gallery.match(/http:\/\/127\.0\.0\.1:\d+\/media\/[\w.-]+\.jpg/g))];
const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const before = rss();
let peak = before;
const sampling = setInterval(() => (peak = Math.max(peak, rss())), 50);
const widths = [1920, 1600, 1280, 1080];
const kinds = ['avif', 'webp', 'fallback'];
const statuses = await Promise.all(
  Array.from({ length: count }, (_, index) =>
    images
      .answer({
        key: `/bench/${index}`,
        source: photos[index % photos.length],
        width: widths[index % widths.length],
        kind: kinds[index % kinds.length],
        namedOrigins: [admin.mediaOrigin],
      })
      .then((answer) => answer.status),
  ),
);
clearInterval(sampling);
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 5000));
globalThis.gc?.();
console.log(
  JSON.stringify({
    transforms: count,
    statuses: [...new Set(statuses)],
    rssMB: { before, peak, after: rss() },
    mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? 'default',
    mallocTrimThreshold: process.env.MALLOC_TRIM_THRESHOLD_ ?? 'default',
  }),
);
await admin.close();
await rm(dir, { recursive: true, force: true });
