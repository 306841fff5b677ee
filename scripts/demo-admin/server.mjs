#!/usr/bin/env node
/**
 * Embedded demo admin API: serves the admin content contract (/work/shared/admin-api-contract.md) from
 * generated demo content, plus its own SVG images, with fault injection for tests and benchmarks.
 * Node 20 built-ins only (sharp too with the "real photos" switch, photos.mjs).
 *
 *   GET  /api/<contract path>     → 200 { data } | 404 { error: 'Not found' } | 405 for non-GET
 *   GET  /media/<name>.svg        → image/svg+xml, cached for a year
 *   /__demo/faults | requests | latency | reset → control endpoints (see README.md)
 *
 * CLI: node scripts/demo-admin/server.mjs [--port 4010] [--host 127.0.0.1] [--latency 0]
 */

import http from 'node:http';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDemoSite } from './content.mjs';
import { renameProvider } from './identity.mjs';
import { hashString, renderImage, renderLogo } from './images.mjs';
import { demoPhotos, photoFor } from './photos.mjs';

/**
 * @typedef {'drop' | 'hang' | 'held' | 'invalid-json' | 'wrong-shape' | 'huge' | 'slow-body' | 'redirect'} FaultMode
 *
 * @typedef {object} FaultRule
 * @property {string} path      Exact API path ('/home-page/content'), a prefix ending in '*'
 *                              ('/course-venue/details/*') or '*' for every API path; or a picture under
 *                              /media/ ('/media/gallery-03.jpg', '/media/*'), which takes `hang`, `drop` or `status`.
 * @property {number} [delayMs] Extra delay before answering (added to the global latency).
 * @property {number} [status]  Answer this HTTP status with a JSON error body.
 * @property {FaultMode} [mode] drop: destroy the socket; hang: never answer (until close);
 *                              held: wait until the test calls `release()`, then answer as usual (a gate
 *                              the test opens, so a test orders events without guessing how fast a machine is);
 *                              invalid-json: 200 with a body that is not JSON;
 *                              wrong-shape: 200 with `{ "data": { "unexpected": true } }`;
 *                              huge: 200 with a JSON body of `bytes` bytes (50 MB by default), no length;
 *                              slow-body: 200 headers at once, then one byte of the answer every 100 ms;
 *                              redirect: 302 to `location` (another origin, or a path of this one).
 * @property {number} [bytes]   Size of a `huge` answer.
 * @property {string} [location] Where a `redirect` points.
 * @property {number} [times]   Apply only to the next N matching requests, then the rule is removed.
 *
 * @typedef {Record<string, number>} RequestCounts  API path → requests received.
 *
 * @typedef {object} DemoAdmin
 * @property {string} url        Base address of the API: origin + '/api'.
 * @property {string} origin     e.g. http://127.0.0.1:4010.
 * @property {string} mediaOrigin Where the images are: `origin`, or the second origin of `mediaPort`.
 * @property {number} port
 * @property {() => Promise<void>} close       Stop, destroying every connection (hanging ones too).
 * @property {(rules: FaultRule[]) => void} setFaults  Replace the fault rules (throws TypeError if invalid).
 * @property {() => void} resetFaults
 * @property {() => void} release  Open the gate of every `held` rule: held requests are answered now, and the
 *                              rules are removed (later requests are answered at once).
 * @property {() => number} heldRequests  Requests waiting at a `held` rule right now.
 * @property {(ms: number) => void} setLatency Set the global latency added to every API request.
 * @property {() => RequestCounts} requestCounts  API requests received per path (counted before faults),
 *                              e.g. `{ '/home-page/content': 3 }`; over HTTP: `{ counts, total }`.
 * @property {() => void} resetCounts
 * @property {() => number} totalRequests  API requests since the last resetCounts.
 * @property {() => number} mostInFlight   Most API requests open at once since the last resetCounts.
 * @property {() => number} hugeBytesSent  Bytes of `huge` answers written so far (the client reads them or stops).
 * @property {() => number} mediaRequests  Photos requested since the start (`photos` only).
 * @property {(apiPath: string, edit: (data: any) => unknown) => void} editContent  Change a payload, as an
 *                              editor would in the admin (tests of how fast a change reaches visitors).
 *
 * @typedef {object} DemoAdminOptions
 * @property {string} [host]       Interface to listen on (default 127.0.0.1).
 * @property {number} [port]       0 (default) picks a free port.
 * @property {number} [latencyMs]  Global latency added to every API request.
 * @property {Date | string | number} [now]  Fixes the content's "today"; by default content follows the clock
 *                                 (rebuilt when the UTC day changes).
 * @property {string} [publicOrigin] Origin used in image URLs instead of http://host:port.
 * @property {number} [courses]    Grow the catalogue to this many sub-courses (a large catalogue for tests and the
 *                                 bench; DEMO_COURSES on the command line and in `npm start`).
 * @property {number} [categorySize] Generated courses per added category (default 50; DEMO_CATEGORY_SIZE): a
 *                                 category of 1 000 courses, as large providers have.
 * @property {number} [mediaPort]  Serve the images from a second origin, http://host:mediaPort (0: a free port),
 *                                 as admins that keep media on another host do; the API origin then has none.
 * @property {string} [providerName] Speak for this provider instead of the demo's (identity.mjs, renameProvider).
 * @property {'demo' | 'real-world'} [catalogue] 'real-world': real-world course titles with near-copies, Arabic
 *                                 titles and 6 sessions a course (real-world-catalogue.mjs; DEMO_CATALOGUE).
 * @property {number} [descriptionChars] Every sub-course's description runs to at least this many characters, in
 *                                 English and Arabic paragraphs, as a real provider's page or two does
 *                                 (DEMO_DESCRIPTION_CHARS; default: the short template).
 * @property {boolean} [photos]   "Real photos": every picture is a camera-sized JPEG (4000×3000, ≈2.7 MB) and the
 *                                 logo a PNG, as a real admin's uploads are (photos.mjs; made with sharp at start).
 */

const FAULT_MODES = new Set(['drop', 'hang', 'held', 'invalid-json', 'wrong-shape', 'huge', 'slow-body', 'redirect']);
const JSON_TYPE = 'application/json; charset=utf-8';
const MAX_CONTROL_BODY = 1024 * 1024;

/**
 * Validate and copy fault rules.
 * @param {unknown} rules
 * @returns {FaultRule[]}
 */
export function normaliseFaults(rules) {
  if (!Array.isArray(rules)) throw new TypeError('fault rules must be an array');
  return rules.map((rule, index) => {
    const where = `fault rule #${index}`;
    if (!rule || typeof rule !== 'object') throw new TypeError(`${where} must be an object`);
    const { path, delayMs, status, mode, times, bytes, location } = /** @type {Record<string, unknown>} */ (rule);
    if (typeof path !== 'string' || path === '') throw new TypeError(`${where}: path must be a non-empty string`);
    /** @type {FaultRule} */
    const copy = { path };
    if (delayMs !== undefined) {
      if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
        throw new TypeError(`${where}: delayMs must be a number >= 0`);
      copy.delayMs = delayMs;
    }
    if (status !== undefined) {
      if (!Number.isInteger(status) || /** @type {number} */ (status) < 200 || /** @type {number} */ (status) > 599) {
        throw new TypeError(`${where}: status must be an integer from 200 to 599`);
      }
      copy.status = /** @type {number} */ (status);
    }
    if (mode !== undefined) {
      if (typeof mode !== 'string' || !FAULT_MODES.has(mode))
        throw new TypeError(`${where}: mode must be one of ${[...FAULT_MODES].join(', ')}`);
      copy.mode = /** @type {FaultMode} */ (mode);
    }
    if (bytes !== undefined) {
      if (!Number.isInteger(bytes) || /** @type {number} */ (bytes) < 1)
        throw new TypeError(`${where}: bytes must be a positive integer`);
      copy.bytes = /** @type {number} */ (bytes);
    }
    if (location !== undefined) {
      if (typeof location !== 'string' || location === '') throw new TypeError(`${where}: location must be a string`);
      copy.location = location;
    }
    if (copy.mode === 'redirect' && copy.location === undefined)
      throw new TypeError(`${where}: a redirect needs a location`);
    if (times !== undefined) {
      if (!Number.isInteger(times) || /** @type {number} */ (times) < 1)
        throw new TypeError(`${where}: times must be a positive integer`);
      copy.times = /** @type {number} */ (times);
    }
    return copy;
  });
}

/**
 * A JSON answer of `bytes` bytes (`{"data":"xxxx…"}`) without a content-length, written as the client reads
 * it: a client that stops reading stops the writing too.
 * @param {http.ServerResponse} res @param {number} bytes
 */
function sendHuge(res, bytes, count = (/** @type {number} */ _sent) => {}) {
  res.writeHead(200, { 'content-type': JSON_TYPE });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = Math.max(0, bytes - 11);
  res.write('{"data":"');
  const write = () => {
    while (left > 0 && !res.destroyed) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      count(part.length);
      if (!res.write(part)) return void res.once('drain', write);
    }
    if (!res.destroyed) res.end('"}');
  };
  write();
}

/**
 * `body` one byte every `everyMs` ms: the headers arrive at once, the body never in time.
 * @param {http.ServerResponse} res @param {string} body @param {number} everyMs
 */
function sendSlowly(res, body, everyMs) {
  res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  const bytes = Buffer.from(body);
  let at = 0;
  const timer = setInterval(() => {
    if (res.destroyed || at >= bytes.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes.subarray(at, at + 1));
    at += 1;
  }, everyMs);
  res.once('close', () => clearInterval(timer));
}

/** @param {string} pattern @param {string} apiPath */
function pathMatches(pattern, apiPath) {
  if (pattern === '*') return true;
  if (pattern.endsWith('*')) return apiPath.startsWith(pattern.slice(0, -1));
  return pattern === apiPath;
}

/** @param {unknown} ms */
function checkLatency(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new TypeError('latency must be a number >= 0');
  return ms;
}

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
    ...headers,
  });
  res.end(status === 204 || status === 304 ? undefined : text);
}

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_CONTROL_BODY) {
        reject(new TypeError('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** @param {string} host @param {number} port */
function originFor(host, port) {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Start the demo admin server.
 * @param {DemoAdminOptions} [options]
 * @returns {Promise<DemoAdmin>}
 */
export async function startDemoAdmin({
  host = '127.0.0.1',
  port = 0,
  latencyMs = 0,
  now,
  publicOrigin,
  courses = 0,
  categorySize,
  mediaPort,
  providerName,
  photos = false,
  catalogue = 'demo',
  descriptionChars = 0,
} = {}) {
  // made before listening, so the first page is not kept waiting for them
  const realPhotos = photos ? await demoPhotos() : undefined;
  const initialLatency = checkLatency(latencyMs);
  const fixedNow = now === undefined ? undefined : new Date(now);
  if (fixedNow && Number.isNaN(fixedNow.getTime())) throw new TypeError('now is not a valid date');

  const state = {
    latencyMs: initialLatency,
    /** @type {FaultRule[]} */
    rules: [],
    /** @type {Map<string, number>} */
    counts: new Map(),
    total: 0,
    closing: false,
    /** Content edited by a test: API path → the `data` it answers instead. @type {Map<string, unknown>} */
    edits: new Map(),
    inFlight: 0,
    mostInFlight: 0,
    /** Bytes of `huge` answers handed to the socket: how much of them the client read. */
    hugeBytesSent: 0,
    /** Photos sent (the "real photos" switch): how often a site fetched an original. */
    mediaRequests: 0,
  };
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  /** Requests waiting at a `held` rule, answered by release() or ended by close(). @type {Set<() => void>} */
  const held = new Set();
  /** Pending delays, released on close. @type {Map<NodeJS.Timeout, () => void>} */
  const delays = new Map();
  /** @type {Map<string, { body: string, etag: string }>} */
  const svgCache = new Map();

  let origin = '';
  let mediaOrigin = '';
  /** @type {ReturnType<typeof createDemoSite> | undefined} */
  let site;
  let siteDay = '';
  /** The content for "today" (or the fixed `now`), rebuilt when the UTC day changes. */
  const currentSite = () => {
    const at = fixedNow ?? new Date();
    const day = at.toISOString().slice(0, 10);
    if (!site || day !== siteDay) {
      site = createDemoSite({
        now: at,
        origin: mediaOrigin,
        courses,
        photos,
        ...(categorySize ? { categorySize } : {}),
        catalogue,
        descriptionChars,
      });
      if (providerName) site = renameProvider(site, providerName);
      siteDay = day;
    }
    return site;
  };

  /** @param {number} ms */
  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        delays.delete(timer);
        resolve(undefined);
      }, ms);
      delays.set(timer, () => resolve(undefined));
    });

  /** First matching rule, consuming one of its `times`. @param {string} apiPath */
  const takeRule = (apiPath) => {
    // a picture's rule names it under /media/; '*' and the API's prefixes never reach the pictures
    const index = state.rules.findIndex(
      (rule) => pathMatches(rule.path, apiPath) && rule.path.startsWith('/media/') === apiPath.startsWith('/media/'),
    );
    if (index === -1) return undefined;
    const rule = state.rules[index];
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) state.rules.splice(index, 1);
    }
    return rule;
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} apiPath */
  async function handleApi(req, res, apiPath) {
    state.counts.set(apiPath, (state.counts.get(apiPath) ?? 0) + 1);
    state.total += 1;
    state.inFlight += 1;
    state.mostInFlight = Math.max(state.mostInFlight, state.inFlight);
    res.once('close', () => (state.inFlight -= 1));
    if (req.method !== 'GET') {
      sendJson(res, 405, { error: 'Method not allowed' }, { allow: 'GET' });
      return;
    }
    const rule = takeRule(apiPath);
    const delay = state.latencyMs + (rule?.delayMs ?? 0);
    if (delay > 0) {
      let gone = false;
      res.once('close', () => {
        gone = true;
      });
      await sleep(delay);
      if (gone || state.closing) return;
    }
    if (rule?.mode === 'held') {
      let gone = false;
      res.once('close', () => {
        gone = true;
      });
      await new Promise((resolve) => held.add(resolve));
      if (gone || state.closing) return;
    }
    switch (rule?.mode) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'hang':
        return; // Never answered; close() destroys the socket.
      case 'invalid-json': {
        const body = '{"data": <html><body>502 Bad Gateway</body></html>';
        res.writeHead(200, {
          'content-type': JSON_TYPE,
          'content-length': Buffer.byteLength(body),
          'access-control-allow-origin': '*',
        });
        res.end(body);
        return;
      }
      case 'wrong-shape':
        sendJson(res, 200, { data: { unexpected: true } });
        return;
      case 'huge':
        sendHuge(res, rule.bytes ?? 50 * 1024 * 1024, (sent) => (state.hugeBytesSent += sent));
        return;
      case 'slow-body':
        sendSlowly(res, JSON.stringify({ data: currentSite().content[apiPath] ?? null }), 100);
        return;
      case 'redirect':
        res.writeHead(302, { location: /** @type {string} */ (rule.location), 'content-length': 0 });
        res.end();
        return;
      default:
        break;
    }
    if (rule?.status !== undefined) {
      sendJson(res, rule.status, { error: `Injected fault: HTTP ${rule.status}` });
      return;
    }
    if (state.edits.has(apiPath)) {
      sendJson(res, 200, { data: state.edits.get(apiPath) });
      return;
    }
    const content = currentSite().content;
    if (!Object.prototype.hasOwnProperty.call(content, apiPath)) {
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    sendJson(res, 200, { data: content[apiPath] });
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} name */
  function handleMedia(req, res, name) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { error: 'Method not allowed' }, { allow: 'GET, HEAD' });
      return;
    }
    const rule = takeRule(`/media/${name}`);
    if (rule) {
      // a picture that fails: counted as requested, then never answered, cut off, or an error status
      state.mediaRequests += 1;
      if (rule.mode === 'hang') return; // close() destroys the socket
      if (rule.mode === 'drop') return req.socket.destroy();
      return sendJson(res, rule.status ?? 500, { error: `Injected fault: HTTP ${rule.status ?? 500}` });
    }
    if (realPhotos) {
      const found =
        name === 'logo.png'
          ? realPhotos.logo
          : currentSite().images.has(name)
            ? photoFor(realPhotos.photos, name)
            : undefined;
      if (!found) return sendJson(res, 404, { error: 'Not found' });
      state.mediaRequests += 1;
      const headers = {
        'content-type': found.type,
        'cache-control': 'public, max-age=31536000, immutable',
        etag: found.etag,
        'access-control-allow-origin': '*',
      };
      if (req.headers['if-none-match'] === found.etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      res.writeHead(200, { ...headers, 'content-length': found.body.length });
      return res.end(req.method === 'HEAD' ? undefined : found.body);
    }
    let cached = svgCache.get(name);
    if (!cached) {
      const spec = currentSite().images.get(name);
      const logo = () => renderLogo(providerName ? { name: providerName, tagline: 'TRAINING' } : undefined);
      const body = name === 'logo.svg' ? logo() : spec ? renderImage(name, spec) : undefined;
      if (body === undefined) {
        sendJson(res, 404, { error: 'Not found' });
        return;
      }
      cached = { body, etag: `"${hashString(body).toString(36)}-${body.length.toString(36)}"` };
      svgCache.set(name, cached);
    }
    const headers = {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: cached.etag,
      'access-control-allow-origin': '*',
    };
    if (req.headers['if-none-match'] === cached.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(cached.body) });
    res.end(req.method === 'HEAD' ? undefined : cached.body);
  }

  const countsBody = () => ({ counts: api.requestCounts(), total: state.total });

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} pathname */
  async function handleControl(req, res, pathname) {
    const method = req.method ?? 'GET';
    /** @param {string[]} allowed */
    const notAllowed = (allowed) => sendJson(res, 405, { error: 'Method not allowed' }, { allow: allowed.join(', ') });
    const readJson = async () => {
      const text = await readBody(req);
      try {
        return text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        throw new TypeError('body is not JSON');
      }
    };
    try {
      switch (pathname) {
        case '/__demo/faults':
          if (method === 'GET') return sendJson(res, 200, { rules: state.rules });
          if (method === 'DELETE') {
            api.resetFaults();
            return sendJson(res, 200, { rules: state.rules });
          }
          if (method === 'POST' || method === 'PUT') {
            const body = await readJson();
            api.setFaults(Array.isArray(body) ? body : body?.rules);
            return sendJson(res, 200, { rules: state.rules });
          }
          return notAllowed(['GET', 'POST', 'PUT', 'DELETE']);
        case '/__demo/requests':
          if (method === 'GET') return sendJson(res, 200, countsBody());
          if (method === 'DELETE') {
            api.resetCounts();
            return sendJson(res, 200, countsBody());
          }
          return notAllowed(['GET', 'DELETE']);
        case '/__demo/latency':
          if (method === 'GET') return sendJson(res, 200, { ms: state.latencyMs });
          if (method === 'POST' || method === 'PUT') {
            const body = await readJson();
            api.setLatency(typeof body === 'number' ? body : body?.ms);
            return sendJson(res, 200, { ms: state.latencyMs });
          }
          return notAllowed(['GET', 'POST', 'PUT']);
        case '/__demo/reset':
          if (method !== 'POST') return notAllowed(['POST']);
          api.resetFaults();
          api.resetCounts();
          state.latencyMs = initialLatency;
          return sendJson(res, 200, { rules: state.rules, ms: state.latencyMs, ...countsBody() });
        default:
          return sendJson(res, 404, { error: 'Not found' });
      }
    } catch (error) {
      if (error instanceof TypeError) return sendJson(res, 400, { error: error.message });
      throw error;
    }
  }

  /** @type {Promise<void> | undefined} */
  let closed;

  /** Everything but the address, available to the request handlers. */
  const api = {
    close() {
      if (!closed) {
        state.closing = true;
        closed = Promise.all(
          [server, mediaServer].map((each) => each && new Promise((resolve) => each.close(() => resolve(undefined)))),
        ).then(() => undefined);
        for (const [timer, release] of delays) {
          clearTimeout(timer);
          release();
        }
        delays.clear();
        for (const open of held) open();
        held.clear();
        server.closeAllConnections();
        mediaServer?.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }
      return closed;
    },
    /** @param {FaultRule[]} rules */
    setFaults(rules) {
      state.rules = normaliseFaults(rules);
    },
    resetFaults() {
      state.rules = [];
    },
    release() {
      state.rules = state.rules.filter((rule) => rule.mode !== 'held');
      for (const open of held) open();
      held.clear();
    },
    heldRequests() {
      return held.size;
    },
    /** @param {number} ms */
    setLatency(ms) {
      state.latencyMs = checkLatency(ms);
    },
    /** @returns {RequestCounts} */
    requestCounts() {
      return Object.fromEntries(state.counts);
    },
    resetCounts() {
      state.counts.clear();
      state.total = 0;
      state.mostInFlight = state.inFlight;
    },
    /** @returns {number} the most API requests open at once since the last resetCounts */
    hugeBytesSent() {
      return state.hugeBytesSent;
    },
    mostInFlight() {
      return state.mostInFlight;
    },
    /** @returns {number} photos requested (GET/HEAD of /media/ with `photos`) since the start */
    mediaRequests() {
      return state.mediaRequests;
    },
    /** @returns {number} requests answered since the last resetCounts */
    totalRequests() {
      return state.total;
    },
    /**
     * An editor changes a payload: `edit` receives the current `data` and returns the new one.
     * @param {string} apiPath @param {(data: any) => unknown} edit
     */
    editContent(apiPath, edit) {
      const current = state.edits.has(apiPath) ? state.edits.get(apiPath) : currentSite().content[apiPath];
      state.edits.set(apiPath, edit(structuredClone(current)));
    },
  };

  /**
   * @param {'everything' | 'no media' | 'media only'} serves  With `mediaPort`, the images are on the second
   *   origin only, so a site that wrongly assumes they sit beside the API shows broken images.
   */
  const handler = (serves) => (/** @type {http.IncomingMessage} */ req, /** @type {http.ServerResponse} */ res) => {
    let pathname;
    try {
      pathname = new URL(req.url ?? '/', 'http://demo.invalid').pathname;
    } catch {
      sendJson(res, 400, { error: 'Bad request' });
      return;
    }
    if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
    /** @type {Promise<void> | void} */
    let work;
    const isMedia = pathname.startsWith('/media/');
    if ((serves === 'media only' && !isMedia) || (serves === 'no media' && isMedia)) {
      sendJson(res, 404, { error: 'Not found' });
    } else if (pathname === '/api' || pathname.startsWith('/api/')) {
      let apiPath = pathname.slice('/api'.length) || '/';
      try {
        apiPath = decodeURIComponent(apiPath);
      } catch {
        // Keep the raw path: it will simply not be found.
      }
      work = handleApi(req, res, apiPath);
    } else if (pathname.startsWith('/media/')) {
      work = handleMedia(req, res, pathname.slice('/media/'.length));
    } else if (pathname.startsWith('/__demo/')) {
      work = handleControl(req, res, pathname);
    } else if (pathname === '/') {
      sendJson(res, 200, {
        name: 'demo admin API',
        api: `${origin}/api`,
        paths: Object.keys(currentSite().content),
      });
    } else {
      sendJson(res, 404, { error: 'Not found' });
    }
    Promise.resolve(work).catch((error) => {
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: 'Internal error' });
      else res.destroy();
      process.stderr.write(`demo admin: ${error instanceof Error ? error.stack : String(error)}\n`);
    });
  };
  const server = http.createServer(handler(mediaPort === undefined ? 'everything' : 'no media'));
  const mediaServer = mediaPort === undefined ? undefined : http.createServer(handler('media only'));
  for (const each of [server, mediaServer]) {
    each?.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
  }

  /** @param {http.Server} each @param {number} onPort @returns {Promise<number>} the bound port */
  const listen = (each, onPort) =>
    new Promise((resolve, reject) => {
      each.once('error', reject);
      each.listen(onPort, host, () => {
        each.off('error', reject);
        const address = each.address();
        resolve(typeof address === 'object' && address ? address.port : onPort);
      });
    });
  const boundPort = await listen(server, port);
  origin = (publicOrigin ?? originFor(host, boundPort)).replace(/\/+$/, '');
  mediaOrigin = mediaServer ? originFor(host, await listen(mediaServer, mediaPort ?? 0)) : origin;

  /** @type {DemoAdmin} */
  return { url: `${origin}/api`, origin, mediaOrigin, port: boundPort, ...api };
}

// ---------------------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------------------

const USAGE = `Usage: node scripts/demo-admin/server.mjs [--port 4010] [--host 127.0.0.1] [--latency 0]
Environment: DEMO_ADMIN_PORT, DEMO_ADMIN_HOST, DEMO_ADMIN_LATENCY_MS, DEMO_ADMIN_PUBLIC_ORIGIN,
DEMO_ADMIN_MEDIA_PORT, DEMO_COURSES (grow the catalogue to that many sub-courses), DEMO_CATEGORY_SIZE
(courses per added category), DEMO_DESCRIPTION_CHARS (descriptions of at least that many characters, English and
Arabic), DEMO_PHOTOS=1 (camera-sized photos instead of SVG drawings), DEMO_CATALOGUE=real-world (real-world course
titles with near-copies and Arabic titles) (flags win).`;

/** @param {string | undefined} value @param {string} name */
function nonNegativeInteger(value, name) {
  const number = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(number) || number < 0) {
    throw new TypeError(`${name} must be a non-negative integer, got ${JSON.stringify(value)}`);
  }
  return number;
}

async function main() {
  let options;
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        latency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    const env = process.env;
    options = {
      port: nonNegativeInteger(values.port ?? env.DEMO_ADMIN_PORT ?? '4010', 'port'),
      host: values.host ?? env.DEMO_ADMIN_HOST ?? '127.0.0.1',
      latencyMs: nonNegativeInteger(values.latency ?? env.DEMO_ADMIN_LATENCY_MS ?? '0', 'latency'),
      publicOrigin: env.DEMO_ADMIN_PUBLIC_ORIGIN || undefined,
      courses: nonNegativeInteger(env.DEMO_COURSES ?? '0', 'DEMO_COURSES'),
      ...(env.DEMO_CATEGORY_SIZE
        ? { categorySize: nonNegativeInteger(env.DEMO_CATEGORY_SIZE, 'DEMO_CATEGORY_SIZE') }
        : {}),
      mediaPort: env.DEMO_ADMIN_MEDIA_PORT ? nonNegativeInteger(env.DEMO_ADMIN_MEDIA_PORT, 'media port') : undefined,
      descriptionChars: nonNegativeInteger(env.DEMO_DESCRIPTION_CHARS ?? '0', 'DEMO_DESCRIPTION_CHARS'),
      photos: env.DEMO_PHOTOS === '1',
      catalogue: env.DEMO_CATALOGUE === 'real-world' ? /** @type {const} */ ('real-world') : 'demo',
    };
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }

  let admin;
  try {
    admin = await startDemoAdmin(options);
  } catch (error) {
    process.stderr.write(`demo admin could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  process.stdout.write(`demo admin listening on ${admin.url}\n`);

  const stop = () => {
    admin.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const invokedDirectly = (() => {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) await main();
