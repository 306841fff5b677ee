// What the Node server adds around the Waku app (the Worker build gets its compression from the edge):
// - compression (br or gzip, as the client asks) that keeps the HTML stream: flushed whenever the render pauses;
// - long immutable caching for the hashed build assets, a short one for other static files;
// - the security headers on static files, which Waku serves before the request chain runs.
// Which encoding a request takes and the static files' headers come from the app (src/background-jobs.ts),
// so the page cache and this layer choose alike.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createFairLimiter } from './fair-limiter.mjs';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A compressor that keeps the stream: what has been written is compressed and flushed as soon as the render
 * pauses (the write's turn of the event loop is over), so a streamed page reaches the browser piece by piece,
 * and the writes of one turn are compressed together. It compresses on this thread, as zlib's own *Sync
 * functions do: zlib's streams send every write and every flush on a trip to the thread pool and back, and on
 * a busy machine each trip waits for the scheduler twice. That was the cost of a page sent compressed (issue
 * 35): a new search sent br took 2.8x the same search sent plain, whose bytes never leave this thread; a flush
 * per chunk had made it about 5x. Compressing a 100 KB page at br 5 takes about 1 ms of this thread, in the
 * render's own pauses.
 */
export function createCompressor(encoding) {
  const engine =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  const { FLUSH, FINISH } =
    encoding === 'br'
      ? { FLUSH: zlib.constants.BROTLI_OPERATION_FLUSH, FINISH: zlib.constants.BROTLI_OPERATION_FINISH }
      : { FLUSH: zlib.constants.Z_SYNC_FLUSH, FINISH: zlib.constants.Z_FINISH };
  let held = [];
  let queued = false;

  /**
   * `input` compressed up to `flag`, synchronously: the loop of zlib's processChunkSync (lib/zlib.js, the same
   * in Node 20 to 24), which the *Sync functions run once and then close the engine; here the engine stays open.
   */
  const compress = (flag) => {
    const input = held.length === 1 ? held[0] : Buffer.concat(held);
    held = [];
    const pieces = [];
    const size = engine._chunkSize;
    let offset = 0;
    let length = input.byteLength;
    for (;;) {
      const output = Buffer.allocUnsafe(size);
      engine._handle.writeSync(flag, input, offset, length, output, 0, size);
      const [outputLeft, inputLeft] = engine._writeState;
      if (outputLeft < size) pieces.push(output.subarray(0, size - outputLeft));
      offset += length - inputLeft;
      length = inputLeft;
      if (outputLeft !== 0) return pieces; // all of it is out
    }
  };

  const stream = new Transform({
    transform(chunk, _encoding, callback) {
      held.push(chunk);
      if (!queued) {
        queued = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      try {
        for (const piece of compress(FINISH)) this.push(piece);
        callback();
      } catch (error) {
        callback(error);
      } finally {
        engine.close();
      }
    },
    destroy(error, callback) {
      engine.close();
      callback(error);
    },
  });
  // a failure inside zlib ends this response, never the process
  engine.on('error', (error) => stream.destroy(error));
  function release() {
    queued = false;
    if (stream.destroyed || stream.writableFinished || !held.length) return;
    try {
      for (const piece of compress(FLUSH)) stream.push(piece);
    } catch (error) {
      stream.destroy(error);
    }
  }
  return stream;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A hashed asset, compressed once at high quality (it is cached for good). */
function compressAsset(raw, encoding) {
  return encoding === 'br'
    ? brotliCompress(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzip(raw, { level: 9 });
}

/**
 * The build's compressed copy of an asset (`index-abc.js.br`, written by scripts/vite/precompressed-assets.ts),
 * or undefined without one. Assets sit flat in /assets/, so only the file name is used.
 */
async function precompressedCopy(publicDir, pathname, encoding) {
  if (!publicDir) return undefined;
  const file = path.join(publicDir, 'assets', path.basename(pathname));
  return readFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => undefined);
}

function compressBody(body, encoding) {
  // pipeline, not pipe: a render that fails midway ends the response instead of leaving it hanging, and a
  // visitor who leaves cancels the render behind it
  return Readable.toWeb(pipeline(Readable.fromWeb(body), createCompressor(encoding), () => {}));
}

/**
 * A Node request as the app's guards and page cache read it (its method, URL and headers), or undefined for
 * a request line or Host that makes no URL (the app answers it).
 */
export function requestParts(req) {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url}`;
  if (!URL.canParse(url)) return undefined;
  return {
    method: req.method,
    url,
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/**
 * Writes a fresh page the page cache holds straight to the Node response ('answered'), or leaves the request
 * to the app: 'kept' when the cache holds the page but the app answers it (stale, or a copy in another
 * encoding not made yet), else undefined (not a page, not kept). `answerKeptPageNow` is the app's
 * (src/lib/page-cache/site-page-cache.ts); the answer carries all its headers, security ones included.
 */
export function answerFromPageCache(answerKeptPageNow, request, res) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  let found;
  try {
    found = answerKeptPageNow(request);
  } catch {
    return undefined; // an odd request line: the app answers it
  }
  if (!found.answer) return found.kept ? 'kept' : undefined;
  res.writeHead(found.answer.status, found.answer.headers);
  res.end(found.answer.body ?? undefined);
  return 'answered';
}

/** Requests that never wait for a render: the build's assets, resized pictures (they have their own limit), /healthz. */
const NOT_RENDERS = /^\/(assets|_img)\/|^\/healthz(\?|$)/;

/**
 * The requests the app answers (renders, mostly: what the page cache and the picture store did not answer
 * first, and do not hold) at most `limit` at once, the waiting ones taken from the clients in turn (fair-limiter.mjs), at most
 * `maxQueue` waiting; a request turned away gets 503 with Retry-After. A render holds what it has read and
 * made until its page has gone out, so renders at once are what a mixed load's memory grows with; the page
 * cache answers the rest without one. A slot is held until the answer has been sent (or the visitor left);
 * a visitor who left while waiting is not rendered for.
 *
 * @param {{ limit: number, maxQueue?: number, clientOf: (req: import('node:http').IncomingMessage) => string,
 *   headers: Record<string, string> }} options  `headers`: the security headers a 503 carries.
 */
export function createRenderGate({ limit, maxQueue = 64, clientOf, headers }) {
  const renders = createFairLimiter(limit, maxQueue, () => new Error('busy'));
  const gate = (req, res, listener) => {
    if (NOT_RENDERS.test(req.url ?? '')) return listener(req, res);
    renders
      .run(
        clientOf(req),
        () =>
          new Promise((resolve) => {
            if (res.destroyed || req.destroyed) return resolve(undefined);
            res.once('close', resolve);
            listener(req, res);
          }),
      )
      .catch(() => {
        if (res.headersSent || res.destroyed) return;
        res.writeHead(503, {
          ...headers,
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': '1',
        });
        res.end('Too many pages are being prepared; please try again in a moment.\n');
      });
  };
  /** Requests waiting for a slot now (tests order their steps by it). */
  gate.waiting = renders.waiting;
  return gate;
}

/** Discards what is left of a request body, for at most 5 s. */
function drainRequest(incoming) {
  if (!incoming || incoming.readableEnded || incoming.destroyed) return undefined;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5000);
    incoming.on('end', () => (clearTimeout(timer), resolve()));
    incoming.on('error', () => (clearTimeout(timer), resolve()));
    incoming.resume();
  });
}

/**
 * Wraps the app's fetch handler with the Node-only layer above. `publicDir` (the build's `dist/public`) is
 * where the build's compressed copies of the assets are found; without one, assets are compressed here.
 *
 * @param {(request: Request, ...rest: any[]) => Promise<Response>} appFetch
 * @param {{ publicDir?: string, chooseEncoding: (accept: string | null) => 'br' | 'gzip' | undefined,
 *   staticFileHeaders: Record<string, string> }} options
 */
export function withNodeLayer(appFetch, { publicDir, chooseEncoding, staticFileHeaders }) {
  // Compressed immutable assets, kept per encoding: the build's copy, or (without one) compressed here once.
  const assetCache = new Map();

  return async (request, ...rest) => {
    const response = await appFetch(request, ...rest);
    // A refused body (413) may still be arriving: read the rest away before answering, so the client that
    // is still sending gets the answer instead of a broken pipe (the connection then closes, as it says).
    if (response.status === 413) await drainRequest(rest[0]?.incoming);
    const { pathname } = new URL(request.url);
    const headers = new Headers(response.headers);
    const isAsset = pathname.startsWith('/assets/') && response.status === 200;

    if (!headers.has('x-content-type-options')) {
      for (const [name, value] of Object.entries(staticFileHeaders)) headers.set(name, value);
      if (!headers.has('cache-control') && response.status === 200)
        headers.set('cache-control', 'public, max-age=3600');
    }
    if (isAsset) headers.set('cache-control', IMMUTABLE);

    const type = headers.get('content-type') ?? '';
    const encoding = chooseEncoding(request.headers.get('accept-encoding'));
    const compress =
      encoding &&
      response.body &&
      !headers.has('content-encoding') &&
      COMPRESSIBLE.test(type) &&
      request.method !== 'HEAD';
    if (!compress)
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });

    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    if (!/accept-encoding/i.test(headers.get('vary') ?? '')) headers.append('vary', 'accept-encoding');

    if (isAsset) {
      const key = `${encoding} ${pathname}`;
      // The promise is cached, so concurrent first requests share one compression, which runs off the
      // event loop (zlib's thread pool) and never stalls the pages streaming meanwhile.
      let compressed = assetCache.get(key);
      if (!compressed) {
        compressed = response
          .arrayBuffer()
          .then(
            async (raw) =>
              (await precompressedCopy(publicDir, pathname, encoding)) ?? compressAsset(Buffer.from(raw), encoding),
          );
        assetCache.set(key, compressed);
        compressed.catch(() => assetCache.delete(key));
      } else {
        await response.body.cancel();
      }
      const bytes = await compressed;
      headers.set('content-length', String(bytes.length));
      return new Response(bytes, { status: 200, headers });
    }
    return new Response(compressBody(response.body, encoding), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
