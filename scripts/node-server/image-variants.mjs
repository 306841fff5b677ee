// The Node server's image variants (docs/decisions/026-images-sized-for-the-screen.md): an admin picture
// resized to one of the site's widths and re-encoded as AVIF or WebP (JPEG or PNG for browsers that take
// neither) with sharp, kept on disk and served many times.
//
// The app (src/request-chain/image-endpoint.ts) checks the address first: only signed references to pictures of the
// admin's content reach this module, with a width from the fixed list. Here every outside thing is bounded:
// - the original is fetched once per variant (concurrent requests for one variant share one fetch and one
//   transform), without following redirects, within a time-out and a byte limit, and only from a public
//   address (judged by its bytes, on every address a name resolves to) unless its origin is one the owner
//   named (the admin's, MEDIA_ORIGINS); every source not fetched gets one answer (502), the reason goes to the log;
// - one client cannot take the service from the others: it may have at most `clientPending` new variants
//   being fetched, resized or waiting (the rest are 429), the free slots go to the waiting clients in turn,
//   and a full queue makes room for a newcomer by turning away the newest task of the client with the most
//   waiting (503);
// - fetching and resizing hold different slots: `fetchesAtOnce` originals are fetched (each within
//   `fetchTimeoutMs`) and held at once, and only `concurrency` of them are resized (one libvips thread each),
//   so sources that hang hold fetch slots until their time-out, never the resizing;
// - a source with more than `maxPixels` pixels, or that is not a picture sharp can read, is refused;
// - the variants on disk stay under `maxBytes` (the least recently served go first), and each client may add
//   at most `clientWriteBytes` an hour: past it, its variants are sent but not kept, so one client cannot
//   push the pictures the site's visitors use out of the cache.
import { createHash } from 'node:crypto';
import dns from 'node:dns';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { createFairLimiter } from './fair-limiter.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };
/** A failed source is not asked again for this long (a broken picture on a busy page costs one fetch a minute). */
const FAILURE_MEMORY_MS = 60_000;
/** The most recently served variants are also held in memory, up to this many bytes (at most `maxBytes`). */
const HOT_MAX_BYTES = 32 * 1024 * 1024;

/** An answer the service cannot give, with the status and the plain sentence the visitor gets. */
export class ImageError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** What a visitor is told about any source that was not fetched: refused, a bad status, a time-out, a private address. */
const NOT_FETCHED = 'The picture could not be fetched.';

/**
 * A source that was not fetched: one status and one sentence for every reason, so the answers cannot map
 * what listens inside; the reason (`why`) goes to the server's log only.
 */
class SourceRefused extends ImageError {
  constructor(why) {
    super(502, NOT_FETCHED);
    this.why = why;
  }
}

/** An IP address written any way Node or a URL writes one, as its 16 bytes (IPv4 as ::ffff:a.b.c.d); undefined if it is none. */
function addressBytes(written) {
  const text = written.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv4(text)) return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...text.split('.').map(Number)];
  if (!net.isIPv6(text)) return undefined;
  const groupsOf = (part) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head = '', tail] = text.split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Whether an IPv4 address (4 bytes) is one no public picture lives at. */
function isPrivateIPv4([a, b, c]) {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, the cloud metadata service
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, documentation
    (a === 192 && b === 88 && c === 99) || // 6to4 relays
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

const startsWith = (bytes, prefix) => prefix.every((byte, index) => bytes[index] === byte);

/**
 * Whether an IP address is one no public picture lives at, judged by its bytes, not its spelling: private,
 * loopback, link-local, unique-local, multicast and documentation ranges, and every way IPv6 carries an IPv4
 * address (mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96, compatible ::/96, NAT64 64:ff9b::/96 and
 * 6to4 2002::/16 by the IPv4 address inside; the local NAT64 64:ff9b:1::/48 and Teredo 2001::/32 whole, as
 * their IPv4 cannot be trusted). Anything that does not parse counts as private.
 */
export function isPrivateAddress(address) {
  const bytes = addressBytes(address);
  if (!bytes) return true;
  const zeros = (count) => Array(count).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return isPrivateIPv4(bytes.slice(12));
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return isPrivateIPv4(bytes.slice(12));
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return isPrivateIPv4(bytes.slice(12));
  if (startsWith(bytes, [0x20, 0x02])) return isPrivateIPv4(bytes.slice(2, 6));
  return (
    startsWith(bytes, zeros(12)) || // ::, ::1 and the IPv4-compatible ::/96
    startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1]) || // local-use NAT64
    startsWith(bytes, [0x20, 0x01, 0, 0]) || // Teredo
    startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8]) || // documentation
    startsWith(bytes, [0x01, 0, 0, 0, 0, 0, 0, 0]) || // discard
    (bytes[0] & 0xfe) === 0xfc || // unique-local fc00::/7
    (bytes[0] === 0xfe && (bytes[1] & 0x80) === 0x80) || // link-local fe80::/10, site-local fec0::/10
    bytes[0] === 0xff // multicast
  );
}

/** The answer of a task turned away because too many are waiting. */
const busy = () => new ImageError(503, 'Too many pictures are being prepared; please try again shortly.');

/**
 * Fetches the original: one GET, no redirects followed, at most `maxBytes`, until `signal` aborts, and only
 * from public addresses unless `origin` is one the owner named. Resolves to the bytes and their content type;
 * every failure is a SourceRefused (one answer for the visitor, the reason for the log).
 */
function fetchSource(source, { namedOrigins, maxBytes, signal }) {
  return new Promise((resolve, reject) => {
    const url = new URL(source);
    const named = namedOrigins.includes(url.origin);
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!client) return reject(new SourceRefused(`not http(s): ${url.protocol}`));
    // An address written in the URL is the one connected to (Node looks nothing up for it); a name is judged
    // by every address it resolves to, in the connection's own lookup, so what is checked is what is used.
    if (net.isIP(url.hostname.replace(/^\[|\]$/g, '')) && !named && isPrivateAddress(url.hostname)) {
      return reject(new SourceRefused(`private address ${url.hostname}`));
    }
    const lookup = (hostname, options, callback) =>
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error);
        const inside = named ? undefined : addresses.find(({ address }) => isPrivateAddress(address));
        if (inside) return callback(new SourceRefused(`${hostname} resolves to private address ${inside.address}`));
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      });
    const request = client.get(
      url,
      { lookup, signal, headers: { accept: 'image/*', 'user-agent': 'site-image-variants' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const type = String(response.headers['content-type'] ?? '').toLowerCase();
        const fail = (why) => {
          response.destroy();
          reject(new SourceRefused(why));
        };
        if (status !== 200) return fail(`HTTP ${status}`);
        if (!type.startsWith('image/')) return fail(`not a picture (${type || 'no type'})`);
        const declared = Number(response.headers['content-length']);
        if (declared > maxBytes) return fail(`${declared} bytes, more than ${maxBytes}`);
        const chunks = [];
        let size = 0;
        response.on('data', (chunk) => {
          size += chunk.length;
          if (size > maxBytes) fail(`more than ${maxBytes} bytes`);
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks), type }));
        response.on('error', (error) => reject(new SourceRefused(error.message)));
      },
    );
    request.on('error', (error) =>
      reject(error instanceof SourceRefused ? error : new SourceRefused(signal.aborted ? 'timed out' : error.message)),
    );
  });
}

/** The headers of a variant: kept for a year by everyone, per Accept. */
const headersFor = (type, bytes, how) => ({
  'content-type': type,
  'content-length': String(bytes),
  'cache-control': IMMUTABLE,
  vary: 'Accept',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
  'x-image-variant': how,
});

/** The window of a client's disk budget. */
const WRITE_WINDOW_MS = 60 * 60_000;

/**
 * Creates the service. `dir` holds the variants (created if missing; what is there is kept and counted).
 * `variantKind` (Accept header → 'avif' | 'webp' | 'fallback') is the app's (src/lib/images/variant-kind.ts).
 * `fetchesAtOnce` defaults to four originals per resizing slot.
 * @param {{ dir: string, maxBytes: number, concurrency: number, fetchesAtOnce?: number, maxQueue?: number,
 *   clientPending: number, clientWriteBytes: number, maxSourceBytes: number, maxPixels: number,
 *   timeoutMs: number, fetchTimeoutMs: number, variantKind: (accept: string | undefined) => string,
 *   log?: (line: string) => void }} options
 */
export function createImageService({
  dir,
  maxBytes,
  concurrency,
  fetchesAtOnce = concurrency * 4,
  maxQueue = 64,
  clientPending,
  clientWriteBytes,
  maxSourceBytes,
  maxPixels,
  timeoutMs,
  fetchTimeoutMs,
  variantKind,
  log = (line) => console.warn(line),
}) {
  // one libvips thread per transform: `concurrency` transforms use at most that many cores
  sharp.concurrency(1);
  sharp.cache(false);
  /** file name (hash + extension) → { bytes, used } in least-recently-served order (Map keeps insertion). */
  const kept = new Map();
  let keptBytes = 0;
  /** file name → { body, headers } of the variants served last, so a warm one costs what a static file costs. */
  const hot = new Map();
  let hotBytes = 0;
  const hotMax = Math.min(maxBytes, HOT_MAX_BYTES);
  const remember = (name, body) => {
    if (body.length > hotMax) return;
    const previous = hot.get(name);
    if (previous) hotBytes -= previous.body.length;
    hot.delete(name);
    hot.set(name, { body, headers: headersFor(TYPES[name.split('.').pop()], body.length, 'kept') });
    hotBytes += body.length;
    for (const [oldest, entry] of hot) {
      if (hotBytes <= hotMax) break;
      hot.delete(oldest);
      hotBytes -= entry.body.length;
    }
  };
  const forget = (name) => {
    const entry = hot.get(name);
    if (!entry) return;
    hot.delete(name);
    hotBytes -= entry.body.length;
  };
  /** variant key → its transform in progress (one fetch and one transform however many ask). */
  const inFlight = new Map();
  /** variant key → { error, until }: recent failures. */
  const failures = new Map();
  const fetches = createFairLimiter(fetchesAtOnce, maxQueue, busy);
  // its waiting line is bounded by the fetch slots: a fetched original waits here, holding its fetch slot
  const resizes = createFairLimiter(concurrency, Infinity, busy);
  /** client → new variants it started that are not done yet. */
  const pending = new Map();
  /** client → { bytes, since }: what its variants added to the disk in the current window. */
  const written = new Map();
  const stats = { transforms: 0, sourceFetches: 0, kept: 0, notKept: 0 };

  const ready = (async () => {
    await mkdir(dir, { recursive: true });
    for (const name of await readdir(dir)) {
      if (!/^[0-9a-f]{40}\.(avif|webp|jpg|png)$/.test(name)) {
        if (name.endsWith('.tmp')) await rm(path.join(dir, name), { force: true });
        continue;
      }
      const info = await stat(path.join(dir, name)).catch(() => undefined);
      if (!info) continue;
      kept.set(name, { bytes: info.size });
      keptBytes += info.size;
    }
    await evict();
  })().catch((error) => {
    // variants are still made and sent, only not kept (each `keep` reports its own failure)
    log(`image variants: the folder ${dir} cannot be used (${error.message})`);
  });

  const hashOf = (key) => createHash('sha1').update(key).digest('hex');
  /** The kept file of a variant, if any: the kind decides the extension, except 'fallback' (jpg or png). */
  const keptFile = (key, kind) => {
    const hash = hashOf(`${key}|${kind}`);
    const extensions = kind === 'fallback' ? ['jpg', 'png'] : [kind];
    for (const extension of extensions) {
      const name = `${hash}.${extension}`;
      if (kept.has(name)) return name;
    }
    return undefined;
  };
  const touch = (name) => {
    const entry = kept.get(name);
    kept.delete(name);
    kept.set(name, entry);
  };

  async function evict() {
    if (keptBytes <= maxBytes) return;
    const target = maxBytes * 0.9;
    for (const [name, entry] of kept) {
      if (keptBytes <= target) break;
      kept.delete(name);
      forget(name);
      keptBytes -= entry.bytes;
      await rm(path.join(dir, name), { force: true });
    }
  }

  async function keep(name, body) {
    const file = path.join(dir, name);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
    if (!kept.has(name)) keptBytes += body.length;
    kept.set(name, { bytes: body.length });
    remember(name, body);
    stats.kept = kept.size;
    await evict();
  }

  /** Whether `client` may still add `bytes` to the disk in this window (counted when it may). */
  function withinWriteBudget(client, bytes) {
    const now = Date.now();
    let budget = written.get(client);
    if (!budget || now - budget.since >= WRITE_WINDOW_MS) {
      if (written.size >= 10_000) {
        for (const [each, { since }] of written) if (now - since >= WRITE_WINDOW_MS) written.delete(each);
      }
      budget = { bytes: 0, since: now };
      written.set(client, budget);
    }
    if (budget.bytes >= clientWriteBytes) return false;
    budget.bytes += bytes;
    return true;
  }

  /** The original's bytes, fetched within `fetchTimeoutMs` of its turn; every failure is a SourceRefused. */
  async function fetchOriginal(source, namedOrigins) {
    stats.sourceFetches += 1;
    const signal = AbortSignal.timeout(fetchTimeoutMs);
    return fetchSource(source, { namedOrigins, maxBytes: maxSourceBytes, signal }).catch((error) => {
      const refused = error instanceof SourceRefused ? error : new SourceRefused(String(error?.message ?? error));
      log(`image variants: ${source} not fetched (${signal.aborted ? 'timed out' : refused.why})`);
      throw refused;
    });
  }

  /** The original's bytes → the variant's bytes and extension, within `timeoutMs` of its turn. */
  async function resize(original, width, kind) {
    stats.transforms += 1;
    let image;
    let metadata;
    try {
      image = sharp(original.body, { limitInputPixels: maxPixels, failOn: 'error', animated: false });
      metadata = await image.metadata();
    } catch (error) {
      throw /pixel limit/i.test(String(error?.message))
        ? new ImageError(422, 'The picture has too many pixels to prepare.')
        : new ImageError(422, 'The address does not hold a picture the site can read.');
    }
    if (metadata.format === 'svg') throw new ImageError(422, 'Drawings (SVG) are served as they are.');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) {
      throw new ImageError(422, 'The picture has too many pixels to prepare.');
    }
    const extension = kind === 'fallback' ? (metadata.hasAlpha || metadata.format === 'png' ? 'png' : 'jpg') : kind;
    let pipeline = image.rotate().resize({ width, withoutEnlargement: true });
    // effort 0: as fast as WebP here (≈0.2 s for 640 px) and still smaller than it
    if (extension === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 0 });
    else if (extension === 'webp') pipeline = pipeline.webp({ quality: 72 });
    else if (extension === 'png') pipeline = pipeline.png({ compressionLevel: 8, palette: true });
    else pipeline = pipeline.jpeg({ quality: 75, mozjpeg: true });
    const body = await pipeline
      .timeout({ seconds: Math.max(1, Math.ceil(timeoutMs / 1000)) })
      .toBuffer()
      .catch((error) => {
        throw /timeout/i.test(String(error?.message))
          ? new ImageError(504, 'The picture took too long to prepare.')
          : new ImageError(422, 'The picture could not be prepared.');
      });
    return { body, extension };
  }

  /**
   * A new variant for `client`: its original fetched in a fetch slot, then resized in a resizing slot (the
   * fetch slot is held until then, so the originals in memory stay bounded), both taken in turn with the
   * other clients.
   */
  function prepare(client, source, width, kind, namedOrigins) {
    return fetches.run(client, async () => {
      const original = await fetchOriginal(source, namedOrigins);
      return resizes.run(client, () => resize(original, width, kind));
    });
  }

  return {
    stats,
    fetches: fetches.stats,
    resizes: resizes.stats,
    ready,

    /**
     * A variant already on disk, written straight to the Node response (true), or false. `key` is the
     * request's path: a variant is kept only after its signed address was checked, so one found by its path
     * needs no second check.
     */
    answerKept(req, res, key) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const name = keptFile(key, variantKind(req.headers.accept));
      if (!name) return false;
      touch(name);
      const held = hot.get(name);
      if (held) {
        hot.delete(name);
        hot.set(name, held);
        res.writeHead(200, held.headers);
        res.end(req.method === 'HEAD' ? undefined : held.body);
        return true;
      }
      const entry = kept.get(name);
      res.writeHead(200, headersFor(TYPES[name.split('.').pop()], entry.bytes, 'kept'));
      if (req.method === 'HEAD') {
        res.end();
        return true;
      }
      const stream = createReadStream(path.join(dir, name));
      stream.on('error', () => res.destroy());
      stream.pipe(res);
      // held in memory for the next visitor
      readFile(path.join(dir, name)).then(
        (body) => kept.has(name) && remember(name, body),
        () => undefined,
      );
      return true;
    },

    /**
     * The variant for `key` (the request's path, already checked) of `source` at `width`, of `kind` (the
     * browser's, from variantKind), asked by `client` (the visitor's address, as the enquiry limit counts it).
     * Resolves to `{ status, headers, body }`; failures are 4xx/5xx with a plain sentence.
     * @param {{ key: string, source: string, width: number, kind: string, namedOrigins: string[],
     *   client?: string }} request
     * @returns {Promise<{ status: number, headers: Record<string, string>, body: Buffer }>}
     */
    async answer({ key, source, width, kind, namedOrigins, client = 'shared' }) {
      await ready;
      const variantKey = `${key}|${kind}`;
      const found = keptFile(key, kind);
      if (found) {
        touch(found);
        const body = hot.get(found)?.body ?? (await readFile(path.join(dir, found)).catch(() => undefined));
        if (body) remember(found, body);
        if (body) return { status: 200, headers: headersFor(TYPES[found.split('.').pop()], body.length, 'kept'), body };
      }
      const failed = failures.get(variantKey);
      if (failed && failed.until > Date.now()) return errorAnswer(failed.error);
      let work = inFlight.get(variantKey);
      if (!work) {
        // a variant someone else already started costs nothing more; a new one counts against its client
        const started = pending.get(client) ?? 0;
        if (started >= clientPending) {
          return errorAnswer(new ImageError(429, 'Too many new pictures at once; please try again shortly.'));
        }
        pending.set(client, started + 1);
        work = prepare(client, source, width, kind, namedOrigins)
          .then(async ({ body, extension }) => {
            if (!withinWriteBudget(client, body.length)) {
              stats.notKept += 1;
              return { body, extension };
            }
            await keep(`${hashOf(variantKey)}.${extension}`, body).catch((error) =>
              log(`image variants: could not keep a variant on disk (${error.message})`),
            );
            return { body, extension };
          })
          .finally(() => {
            inFlight.delete(variantKey);
            const left = (pending.get(client) ?? 1) - 1;
            if (left > 0) pending.set(client, left);
            else pending.delete(client);
          });
        inFlight.set(variantKey, work);
      }
      try {
        const { body, extension } = await work;
        return { status: 200, headers: headersFor(TYPES[extension], body.length, 'transformed'), body };
      } catch (error) {
        const known = error instanceof ImageError ? error : new ImageError(500, 'The picture could not be prepared.');
        if (!(error instanceof ImageError)) log(`image variants: ${error?.stack ?? error}`);
        if (known.status !== 503) {
          failures.set(variantKey, { error: known, until: Date.now() + FAILURE_MEMORY_MS });
          if (failures.size > 10_000) failures.delete(failures.keys().next().value);
        }
        return errorAnswer(known);
      }
    },
  };
}

function errorAnswer(error) {
  return {
    status: error.status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...(error.status === 503 || error.status === 429 ? { 'retry-after': '5' } : {}),
    },
    body: Buffer.from(`${error.message}\n`),
  };
}
