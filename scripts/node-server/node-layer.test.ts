// The Node layer against a real streamed Response: compressed, and still arriving chunk by chunk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { AddressInfo } from 'node:net';
import { chooseEncoding } from '../../src/lib/page-cache/page-cache';
import { staticFileHeaders } from '../../src/lib/security/security-headers';
import {
  answerFromPageCache,
  createCompressor,
  createRenderGate,
  requestParts,
  withNodeLayer as nodeLayer,
} from './node-layer.mjs';

/** The layer with what the app hands it at start-up (src/background-jobs.ts). */
const withNodeLayer = (appFetch: (request: Request) => Promise<Response>, options: { publicDir?: string } = {}) =>
  nodeLayer(appFetch, { ...options, chooseEncoding, staticFileHeaders: staticFileHeaders() });

/** An HTML response whose second half arrives only when `release` is called. */
function slowPage() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('<header>shell</header>'));
      await gate;
      controller.enqueue(encoder.encode('<main>data</main>'));
      controller.close();
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/html', 'x-content-type-options': 'nosniff' } }),
    release,
  };
}

describe.each(['gzip', 'br'] as const)('%s', (encoding) => {
  test('a streamed page is compressed and its first part decodes before the rest exists', async () => {
    const { response, release } = slowPage();
    const handler = withNodeLayer(async () => response);
    const res = await handler(new Request('http://site/', { headers: { 'accept-encoding': encoding } }));
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toContain('accept-encoding');

    const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
    let text = '';
    decoder.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const reader = res.body!.getReader();
    // decodable before the rest exists (the compressor flushed when the render paused): the chunks that come
    // before the release decode to the shell; if it did not flush, no more chunks come and the test times out
    const decoded = new Promise<'decoded'>((resolve) => decoder.once('data', () => resolve('decoded')));
    let next = reader.read();
    for (;;) {
      const first = await Promise.race([decoded, next]);
      if (first === 'decoded') break;
      decoder.write(first.value);
      next = reader.read();
    }
    expect(text).toBe('<header>shell</header>');

    release();
    for (let chunk = await next; !chunk.done; chunk = await reader.read()) decoder.write(chunk.value);
    decoder.end();
    await new Promise((resolve) => decoder.on('end', resolve));
    expect(text).toBe('<header>shell</header><main>data</main>');
  });
});

describe.each(['gzip', 'br'] as const)('the streamed compressor (%s)', (encoding) => {
  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  test('a burst of chunks is compressed and flushed once, when the writer pauses, and an idle stream is left alone', async () => {
    const compressor = createCompressor(encoding);
    // each flush of the compressor comes out as one piece, in order
    const output: Buffer[] = [];
    compressor.on('data', (chunk: Buffer) => output.push(chunk));
    const decoded = () =>
      (encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(Buffer.concat(output), {
        finishFlush: encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH,
      }).toString();
    for (let index = 0; index < 200; index += 1) compressor.write(`<li>course ${index}</li>`);
    await turns(20);
    // not one piece per chunk, and nothing more on the idle turns after it; all of it readable before the end
    expect(output).toHaveLength(1);
    expect(decoded()).toBe(Array.from({ length: 200 }, (_, index) => `<li>course ${index}</li>`).join(''));
    compressor.write('<p>more</p>');
    await turns(20);
    expect(output).toHaveLength(2);
    expect(decoded()).toMatch(/<li>course 199<\/li><p>more<\/p>$/);
    const ended = new Promise((resolve) => compressor.once('end', resolve));
    compressor.end('<p>last</p>');
    await ended;
    const whole = (encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(Buffer.concat(output)).toString();
    expect(whole).toMatch(/<p>more<\/p><p>last<\/p>$/);
  });

  test('a destroyed compressor stays quiet: what was written before is not flushed after', async () => {
    const compressor = createCompressor(encoding);
    const output: Buffer[] = [];
    compressor.on('data', (chunk: Buffer) => output.push(chunk));
    compressor.on('error', () => {});
    compressor.write('<p>shell</p>');
    compressor.destroy();
    await turns(5);
    expect(output).toHaveLength(0);
  });
});

describe('static files', () => {
  test('hashed assets are immutable, compressed once, and carry the security headers', async () => {
    let served = 0;
    const handler = withNodeLayer(async () => {
      served += 1;
      return new Response('console.log("hello hello hello hello")', { headers: { 'content-type': 'text/javascript' } });
    });
    const request = () => new Request('http://site/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    const first = await handler(request());
    const second = await handler(request());
    expect(served).toBe(2);
    for (const res of [first, second]) {
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(
        'console.log("hello hello hello hello")',
      );
    }
  });

  test("the build's compressed copy of an asset is sent as it is; without one the asset is compressed here", async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'node-layer-'));
    mkdirSync(path.join(publicDir, 'assets'));
    // the copy says something else than the file, so the test sees which one was sent
    writeFileSync(path.join(publicDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync('from the build (br)'));
    writeFileSync(path.join(publicDir, 'assets/index-abc123.js.gz'), zlib.gzipSync('from the build (gzip)'));
    const handler = withNodeLayer(
      async () => new Response('from the server', { headers: { 'content-type': 'text/javascript' } }),
      { publicDir },
    );
    const get = (file: string, encoding: string) =>
      handler(new Request(`http://site/assets/${file}`, { headers: { 'accept-encoding': encoding } }));
    try {
      const br = await get('index-abc123.js', 'br');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('from the build (br)');
      const gz = await get('index-abc123.js', 'gzip');
      expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('from the build (gzip)');
      const noCopy = await get('other-def456.js', 'br');
      expect(zlib.brotliDecompressSync(Buffer.from(await noCopy.arrayBuffer())).toString()).toBe('from the server');
    } finally {
      rmSync(publicDir, { recursive: true, force: true });
    }
  });

  test('images are not compressed, other files get a short cache', async () => {
    const handler = withNodeLayer(
      async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
    );
    const res = await handler(new Request('http://site/images/a.png', { headers: { 'accept-encoding': 'gzip' } }));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('the page cache direct path', () => {
  test('a kept page is written straight to the socket; anything else goes to the app', async () => {
    let keptPage: (request: { method: string; url: string }) => unknown = () => ({ kept: false });
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      const cached = answerFromPageCache(
        (request: { method: string; url: string }) => keptPage(request),
        requestParts(req)!,
        res,
      );
      if (cached === 'answered') return;
      seen.push(`${req.method} ${req.url}${cached === 'kept' ? ' (kept)' : ''}`);
      res.end('from the app');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${url}/about`)).text()).toBe('from the app'); // nothing kept yet
      keptPage = (request) =>
        request.url.endsWith('/about')
          ? {
              kept: true,
              answer: {
                status: 200,
                headers: { 'content-type': 'text/html', 'x-page-cache': 'hit' },
                body: Buffer.from('kept'),
              },
            }
          : { kept: request.url.endsWith('/stale') };
      const kept = await fetch(`${url}/about`);
      expect(kept.headers.get('x-page-cache')).toBe('hit');
      expect(await kept.text()).toBe('kept');
      expect(await (await fetch(`${url}/gallery`)).text()).toBe('from the app');
      // kept, but answered by the app (stale: it starts the refresh), so it never waits for a render slot
      expect(await (await fetch(`${url}/stale`)).text()).toBe('from the app');
      expect(await (await fetch(`${url}/about`, { method: 'POST', body: 'x' })).text()).toBe('from the app');
      expect(seen).toEqual(['GET /about', 'GET /gallery', 'GET /stale (kept)', 'POST /about']);
    } finally {
      server.close();
    }
  });
});

describe('the render gate', () => {
  test('renders a few at once, clients in turn; a full queue turns away the newest of the client with the most waiting', async () => {
    const served: string[] = [];
    const open = new Map<string, http.ServerResponse>();
    const gate = createRenderGate({
      limit: 1,
      maxQueue: 2,
      clientOf: (req: http.IncomingMessage) => String(req.headers['x-client']),
      headers: { 'x-content-type-options': 'nosniff' },
    });
    // the app: each answer is held until the test finishes it (a render still streaming)
    const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const name = String(req.url).slice(1);
      served.push(name);
      if (name.startsWith('assets/')) res.end('file');
      else open.set(name, res);
    };
    const server = http.createServer((req, res) => gate(req, res, app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: false, maxSockets: 16 });
    const ask = (name: string, client = name.slice(0, 1)) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: `/${name}`, agent, headers: { 'x-client': client } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      const a1 = ask('a1');
      await until(() => served.length === 1);
      const a2 = ask('a2');
      const a3 = ask('a3');
      await until(() => gate.waiting() === 2); // both waiting
      const b1 = ask('b1'); // the queue is full: a's newest makes room for b's first
      expect(await a3).toBe(503);
      const a4 = ask('a4'); // a already waits most: turned away
      expect(await a4).toBe(503);
      expect(await ask('assets/app.js', 'c')).toBe(200); // a build asset never waits for a render
      for (const name of ['a1', 'a2', 'b1']) {
        await until(() => open.has(name));
        open.get(name)!.end('done');
      }
      expect(await Promise.all([a1, a2, b1])).toEqual([200, 200, 200]);
      expect(served).toEqual(['a1', 'assets/app.js', 'a2', 'b1']);
    } finally {
      for (const res of open.values()) res.end();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
