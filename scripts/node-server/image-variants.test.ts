// The Node server's image variants with real pictures (made with sharp here) served by a real HTTP server on
// 127.0.0.1: sizes and formats per Accept, a variant kept (the second request transforms nothing), one fetch
// for concurrent requests, the transforms bounded, and the refusals (private address, redirect, not a
// picture, too large, too many pixels, too slow).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantKind } from '../../src/lib/images/variant-kind';
import { createImageService, isPrivateAddress } from './image-variants.mjs';

type Route = { status?: number; type?: string; body?: Buffer; delayMs?: number; hang?: boolean; location?: string };
/** Answers of routes that hang: they stay open until the test lets them fail. */
const hanging: http.ServerResponse[] = [];

let photo: Buffer;
let logo: Buffer;
let server: http.Server;
let origin = '';
const routes = new Map<string, Route>();
const fetched = new Map<string, number>();
const dirs: string[] = [];
let connections = 0;

beforeAll(async () => {
  // a camera-like photo (2400×1800 JPEG) and a PNG with transparency
  const noise = await sharp({
    create: {
      width: 240,
      height: 180,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .raw()
    .toBuffer();
  photo = await sharp(noise, { raw: { width: 240, height: 180, channels: 3 } })
    .resize(2400, 1800)
    .jpeg({ quality: 85 })
    .toBuffer();
  logo = await sharp({
    create: { width: 1200, height: 320, channels: 4, background: { r: 10, g: 60, b: 140, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    fetched.set(req.url ?? '', (fetched.get(req.url ?? '') ?? 0) + 1);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    if (route.hang) {
      hanging.push(res);
      return;
    }
    setTimeout(() => {
      res.writeHead(route.status ?? 200, {
        'content-type': route.type ?? 'image/jpeg',
        ...(route.location ? { location: route.location } : {}),
      });
      res.end(route.body);
    }, route.delayMs ?? 0);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes.set('/photo.jpg', { body: photo });
  routes.set('/logo.png', { body: logo, type: 'image/png' });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function service(options: Partial<Parameters<typeof createImageService>[0]> = {}) {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'image-variants-')));
  dirs.push(dir);
  return createImageService({
    dir,
    maxBytes: 64 * 1024 * 1024,
    concurrency: 2,
    maxSourceBytes: 20 * 1024 * 1024,
    maxPixels: 50_000_000,
    timeoutMs: 10_000,
    fetchTimeoutMs: 10_000,
    clientPending: 32,
    clientWriteBytes: 64 * 1024 * 1024,
    variantKind,
    log: () => undefined,
    ...options,
  });
}

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP = 'image/webp,image/*,*/*;q=0.8';
const OLD = 'image/*,*/*;q=0.8';

function ask(
  images: Awaited<ReturnType<typeof service>>,
  source: string,
  width: number,
  accept: string,
  client = 'visitor',
) {
  return images.answer({
    key: `/_img/${width}/sig/${Buffer.from(source).toString('base64url')}`,
    source,
    width,
    kind: variantKind(accept),
    namedOrigins: [origin],
    client,
  });
}

describe('image variants', () => {
  it('resizes to the asked width and encodes AVIF, WebP or JPEG as the browser accepts (PNG for transparency)', async () => {
    const images = await service();
    for (const [accept, type, format] of [
      [AVIF, 'image/avif', 'heif'],
      [WEBP, 'image/webp', 'webp'],
      [OLD, 'image/jpeg', 'jpeg'],
    ] as const) {
      const answer = await ask(images, `${origin}/photo.jpg`, 640, accept);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept');
      const meta = await sharp(answer.body).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(640);
      expect(meta.height).toBe(480);
      expect(answer.body.length).toBeLessThan(photo.length / 5);
    }
    const png = await ask(images, `${origin}/logo.png`, 320, OLD);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.body).metadata()).hasAlpha).toBe(true);
    // never larger than the original
    const wide = await ask(images, `${origin}/photo.jpg`, 1920, WEBP);
    expect((await sharp(wide.body).metadata()).width).toBe(1920);
  });

  it('keeps a variant: the second request fetches and transforms nothing, also after a restart', async () => {
    const images = await service();
    const source = `${origin}/photo.jpg?kept`;
    routes.set('/photo.jpg?kept', { body: photo });
    const first = await ask(images, source, 480, WEBP);
    expect(first.headers['x-image-variant']).toBe('transformed');
    const { transforms, sourceFetches } = images.stats;
    const second = await ask(images, source, 480, WEBP);
    expect(second.headers['x-image-variant']).toBe('kept');
    expect(Buffer.compare(Buffer.from(second.body), Buffer.from(first.body))).toBe(0);
    expect(images.stats.transforms).toBe(transforms);
    expect(images.stats.sourceFetches).toBe(sourceFetches);
    expect(fetched.get('/photo.jpg?kept')).toBe(1);

    // a new server on the same folder sends it from disk, before the app (the node layer's direct path)
    const again = await service({ dir: dirs.at(-1)! });
    await again.ready;
    const written: { status?: number; headers?: Record<string, string>; body: Buffer[] } = { body: [] };
    const res = Object.assign(
      new (await import('node:stream')).Writable({
        write(chunk, _encoding, done) {
          written.body.push(Buffer.from(chunk));
          done();
        },
      }),
      {
        writeHead(status: number, headers: Record<string, string>) {
          written.status = status;
          written.headers = headers;
        },
      },
    );
    const key = `/_img/480/sig/${Buffer.from(source).toString('base64url')}`;
    const sent = again.answerKept({ method: 'GET', headers: { accept: WEBP } }, res, key);
    expect(sent).toBe(true);
    await new Promise((resolve) => res.on('finish', resolve));
    expect(written.status).toBe(200);
    expect(written.headers?.['x-image-variant']).toBe('kept');
    expect(Buffer.concat(written.body).length).toBe(first.body.length);
    // another kind of the same picture is not kept yet
    expect(again.answerKept({ method: 'GET', headers: { accept: OLD } }, res, key)).toBe(false);
    expect(fetched.get('/photo.jpg?kept')).toBe(1);
  });

  it('fetches the original once for concurrent requests of one variant', async () => {
    const images = await service();
    routes.set('/photo.jpg?together', { body: photo, delayMs: 100 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ask(images, `${origin}/photo.jpg?together`, 800, AVIF)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(fetched.get('/photo.jpg?together')).toBe(1);
    expect(images.stats.transforms).toBe(1);
  });

  it('runs at most N resizes and M fetches at once; the rest wait their turn, and past the queue are told to retry', async () => {
    const images = await service({ concurrency: 2, fetchesAtOnce: 2, maxQueue: 3 });
    for (let index = 0; index < 5; index += 1) routes.set(`/photo.jpg?many=${index}`, { body: photo, delayMs: 50 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        ask(images, `${origin}/photo.jpg?many=${index % 5}`, 320, index === 5 ? OLD : WEBP),
      ),
    );
    // 6 variants asked at once: 2 run, 3 wait, the sixth finds the queue full (of its own client's)
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status !== 200);
    expect(refused?.status).toBe(503);
    expect(refused?.headers['retry-after']).toBe('5');
    expect(images.resizes.mostAtOnce).toBe(2);
    expect(images.fetches.mostAtOnce).toBe(2);
  });

  it("shares the slots out between clients: 100 new variants from one leave another's pictures served first", async () => {
    const images = await service({ concurrency: 2, fetchesAtOnce: 2, maxQueue: 64, clientPending: 32 });
    for (let index = 0; index < 100; index += 1) routes.set(`/photo.jpg?flood=${index}`, { body: photo });
    const done: string[] = [];
    const flood = Array.from({ length: 100 }, (_, index) =>
      ask(images, `${origin}/photo.jpg?flood=${index}`, 160, WEBP, 'flooder').then((answer) => {
        done.push(`flood ${answer.status}`);
        return answer;
      }),
    );
    const visitor = ['/photo.jpg?page=1', '/photo.jpg?page=2', '/photo.jpg?page=3'].map((file) => {
      routes.set(file, { body: photo });
      return ask(images, `${origin}${file}`, 320, WEBP, 'visitor').then((answer) => {
        done.push(`visitor ${answer.status}`);
        return answer;
      });
    });
    const [floodAnswers, visitorAnswers] = await Promise.all([Promise.all(flood), Promise.all(visitor)]);
    expect(visitorAnswers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // the flooder had 32 going at once; the rest were told to come back
    const statuses = floodAnswers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(32);
    expect(statuses.filter((status) => status === 429)).toHaveLength(68);
    expect(floodAnswers.find((answer) => answer.status === 429)?.headers['retry-after']).toBe('5');
    // the visitor's pictures took turns with the flooder's, not behind its 32: at most the flooder's four in
    // flight when the visitor came (two fetching, two resizing), then one turn of the flooder's before each of
    // the visitor's three at each of the two stages (fetch, resize). Which of those finish first depends on the
    // machine's load (a loaded run finished seven before the visitor's last), so the bound is the count, not
    // an order: 4 + 3 × 2 = 10, against 32 without the turns.
    const lastVisitor = done.lastIndexOf('visitor 200');
    expect(done.slice(0, lastVisitor + 1).filter((each) => each === 'flood 200').length).toBeLessThanOrEqual(10);

    // a client allowed to queue more than the queue holds still cannot fill it: its newest waiting one makes room
    const greedy = await service({ concurrency: 1, fetchesAtOnce: 1, maxQueue: 8, clientPending: 100 });
    const many = Array.from({ length: 12 }, (_, index) =>
      ask(greedy, `${origin}/photo.jpg?flood=${index}`, 160, OLD, 'flooder'),
    );
    const page = await ask(greedy, `${origin}/photo.jpg?page=1`, 160, OLD, 'visitor');
    expect(page.status).toBe(200);
    const manyStatuses = (await Promise.all(many)).map((answer) => answer.status);
    expect(manyStatuses.filter((status) => status === 503)).toHaveLength(4);
    expect(greedy.fetches.turnedAway).toBe(4);
  });

  it('a source that hangs holds a fetch slot, never a resizing one: an unrelated picture is made meanwhile', async () => {
    const images = await service({ concurrency: 2 });
    for (let index = 0; index < 6; index += 1) routes.set(`/hangs.jpg?${index}`, { hang: true });
    const settled: string[] = [];
    const stuck = Array.from({ length: 6 }, (_, index) =>
      ask(images, `${origin}/hangs.jpg?${index}`, 640, WEBP, `client-${index}`).then((answer) => {
        settled.push(`hanging ${answer.status}`);
        return answer;
      }),
    );
    await expect.poll(() => hanging.length).toBe(6);
    routes.set('/photo.jpg?unrelated', { body: photo });
    const unrelated = await ask(images, `${origin}/photo.jpg?unrelated`, 640, WEBP);
    settled.push(`unrelated ${unrelated.status}`);
    expect(settled).toEqual(['unrelated 200']);
    // the sources give up (the test's fault rule ends): each is the same neutral refusal
    for (const res of hanging.splice(0)) res.destroy();
    expect((await Promise.all(stuck)).map((answer) => answer.status)).toEqual([502, 502, 502, 502, 502, 502]);
  });

  it('refuses what is not a picture, a redirect, a source too large or with too many pixels, and a slow one', async () => {
    routes.set('/page.html', { body: Buffer.from('<html>hello</html>'), type: 'text/html' });
    routes.set('/fake.jpg', { body: Buffer.from('not really a jpeg at all'), type: 'image/jpeg' });
    routes.set('/moved.jpg', { status: 302, location: 'http://169.254.169.254/latest/meta-data' });
    routes.set('/slow.jpg', { hang: true });
    const images = await service({ maxSourceBytes: photo.length - 1, maxPixels: 2_000_000, fetchTimeoutMs: 500 });
    // every source that was not fetched gets one answer, whatever the reason: the answers map nothing inside
    const expectations: [string, number, RegExp][] = [
      ['/page.html', 502, /^The picture could not be fetched\.\n$/],
      ['/fake.jpg', 422, /picture the site can read/],
      ['/moved.jpg', 502, /^The picture could not be fetched\.\n$/],
      ['/missing.jpg', 502, /^The picture could not be fetched\.\n$/],
      ['/photo.jpg', 502, /^The picture could not be fetched\.\n$/],
      ['/slow.jpg', 502, /^The picture could not be fetched\.\n$/],
    ];
    for (const [file, status, message] of expectations) {
      const answer = await ask(images, `${origin}${file}`, 640, WEBP);
      expect(answer.status, file).toBe(status);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(Buffer.from(answer.body).toString()).toMatch(message);
    }
    const pixels = await service({ maxPixels: 2_000_000 });
    const tooMany = await ask(pixels, `${origin}/photo.jpg`, 640, WEBP);
    expect(tooMany.status).toBe(422);
    expect(Buffer.from(tooMany.body).toString()).toMatch(/too many pixels/);
  });

  it('never connects to a private address the owner did not name, however it is spelled, by number or by name', async () => {
    const logged: string[] = [];
    const images = await service({ log: (line) => logged.push(line) });
    const port = new URL(origin).port;
    const before = connections;
    const sources = [
      `http://127.0.0.1:${port}/photo.jpg`,
      `http://localhost:${port}/photo.jpg`,
      `http://[::ffff:127.0.0.1]:${port}/photo.jpg`, // the URL parser writes it [::ffff:7f00:1]
      `http://[::ffff:7f00:1]:${port}/photo.jpg`,
      `http://[64:ff9b::127.0.0.1]:${port}/photo.jpg`, // NAT64
      `http://[2002:7f00:1::]:${port}/photo.jpg`, // 6to4 around 127.0.0.1
      `http://[::127.0.0.1]:${port}/photo.jpg`,
      `http://0x7f.1:${port}/photo.jpg`,
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'http://[2002:a9fe:a9fe::1]/latest/meta-data/',
    ];
    const bodies = new Set<string>();
    for (const source of sources) {
      const answer = await images.answer({
        key: `/_img/640/x/${Buffer.from(source).toString('base64url')}`,
        source,
        width: 640,
        kind: 'webp',
        namedOrigins: ['https://admin.example'],
      });
      expect(answer.status, source).toBe(502);
      bodies.add(Buffer.from(answer.body).toString());
    }
    // the same sentence as a missing picture or a time-out; the log says which
    expect([...bodies]).toEqual(['The picture could not be fetched.\n']);
    expect(connections).toBe(before);
    expect(logged.filter((line) => /private address/.test(line))).toHaveLength(sources.length);
  });

  it('judges an address by its bytes: every private range and every IPv6 spelling of an IPv4 one', () => {
    const inside = [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:192.168.0.1',
      '::ffff:7f00:1',
      '[::ffff:a9fe:a9fe]',
      '::ffff:0:127.0.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::169.254.169.254',
      '64:ff9b:1::8.8.8.8',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:1::',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fd00::1',
      'fc12::1',
      'fe80::1%eth0',
      'febf::1',
      'ff02::1',
      '2001:db8::1',
      'not an address',
    ];
    const outside = [
      '93.184.216.34',
      '2606:4700::1111',
      '::ffff:93.184.216.34',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
    ];
    for (const address of inside) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of outside) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('keeps the variants on disk under the byte limit, the least recently served going first', async () => {
    const images = await service({ maxBytes: 40_000 });
    for (let index = 0; index < 8; index += 1) {
      routes.set(`/photo.jpg?evict=${index}`, { body: photo });
      expect((await ask(images, `${origin}/photo.jpg?evict=${index}`, 160, OLD)).status).toBe(200);
    }
    const dir = dirs.at(-1)!;
    const files = await readdir(dir);
    let total = 0;
    for (const file of files) total += (await import('node:fs')).statSync(path.join(dir, file)).size;
    expect(total).toBeLessThanOrEqual(40_000);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThan(8);
    // the newest is still kept
    expect((await ask(images, `${origin}/photo.jpg?evict=7`, 160, OLD)).headers['x-image-variant']).toBe('kept');
  });

  it("keeps a warm variant through one client's flood: past its write budget a client's variants are sent, not kept", async () => {
    const images = await service({ maxBytes: 40_000, clientWriteBytes: 10_000 });
    routes.set('/photo.jpg?warm', { body: photo });
    expect((await ask(images, `${origin}/photo.jpg?warm`, 160, OLD, 'regular')).status).toBe(200);
    expect((await ask(images, `${origin}/photo.jpg?warm`, 160, OLD, 'regular')).headers['x-image-variant']).toBe(
      'kept',
    );
    for (let index = 0; index < 20; index += 1) {
      routes.set(`/photo.jpg?flush=${index}`, { body: photo });
      const answer = await ask(images, `${origin}/photo.jpg?flush=${index}`, 160, OLD, 'flooder');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-image-variant']).toBe('transformed');
    }
    expect((await ask(images, `${origin}/photo.jpg?warm`, 160, OLD, 'regular')).headers['x-image-variant']).toBe(
      'kept',
    );
    expect(images.stats.notKept).toBeGreaterThanOrEqual(17);
  });
});
