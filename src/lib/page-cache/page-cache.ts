/**
 * Render once, serve many: completed renders of GET pages (HTML and RSC navigation payloads), kept whole
 * and served without rendering again. The same core runs on Node (memory) and on Workers (Cache API); the
 * chain's step (src/request-chain/page-cache.ts) feeds it.
 *
 * It follows the content's own rule: a page is served as it is for the content TTL; after that it is still
 * served at once while one background render refreshes it (stale-while-revalidate). A refresh during which
 * the content layer reported a failure is not kept: the last good page stays (stale-if-error), and the next
 * refresh waits `retryMs`. Only answers that belong to everyone are kept: 200 and 404 pages without cookies.
 */
import 'server-only';
import { withOneFlightScript, withoutScriptNonces } from '../security/inline-scripts';
import { HSTS } from '../security/security-headers';
import type { PageEncoding, PageStore, StoredPage, StoreStats } from './page-store';

export type PageCacheOptions = {
  store: PageStore;
  ttlMs: number;
  retryMs: number;
  /** How long a shared cache may serve a page stale when this server fails (seconds). */
  staleIfErrorS?: number;
  /** How kept pages are compressed and the other encodings made from them; absent where the platform compresses (Workers). */
  codec?: PageCodec;
  /** The CSP of a completed HTML page, from the hashes of its inline scripts. */
  pagePolicy: (html: string) => Promise<string>;
  now?: () => number;
  log?: (message: string) => void;
};

export type Lookup = { key: string; page: StoredPage; fresh: boolean };

/**
 * One compressed copy of each page is kept, br, and the rare client without br gets a copy made from it:
 * decompressing br takes a fraction of a millisecond (0.24 ms for a 97 KB course page), gzip at level 6 about
 * 2 ms more, both in zlib's thread pool, and the store keeps such copies a while in a small area of their own.
 * A course page then costs 13 KB (br 5) or 11.5 KB (br 11) instead of 126 KB (as rendered + br 5 + gzip 6).
 * br rather than gzip: every browser asks for br over HTTPS, so nearly every answer is the kept copy itself,
 * and it is 17-27 % smaller than gzip (br 5 and 11 against gzip 6 and 9 on a course page, record 020).
 */
export type PageCodec = {
  /** The kept copy, br at `effort`. */
  compress(plain: Uint8Array<ArrayBuffer>, effort: CompressionEffort): Promise<Uint8Array<ArrayBuffer>>;
  /** The body as rendered, from the kept copy. */
  decompress(kept: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>>;
  /** gzip, for a client that takes gzip but not br. */
  gzip(plain: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>>;
};

/**
 * How hard a kept page is compressed. Keeping happens on the render's request (in zlib's pool, but on the same
 * two cores), so every page is kept at `fast` (br 5: the streamed layer's level, about a hundredth of the time
 * of the best one); a real page asked for again is worth the best level (br 11: some 12 % fewer bytes for
 * every later visitor), made once in the background. A search or a made-up 404 never is.
 */
type CompressionEffort = 'fast' | 'best';

/** Views of a kept real page after which its copy is compressed at the best level. */
const VIEWS_WORTH_BEST = 2;

/**
 * Real pages waiting for their best copy. Those are made one at a time, in the background: br 11 holds tens
 * of MB while it runs and takes 100-400 ms of a core, and under a load hundreds of pages reach their second
 * view within seconds; made all at once (as before), they took every thread of zlib's pool and their memory
 * stayed with the process after the load. A page past this many waiting keeps its fast copy until a later
 * view finds room.
 */
const MAX_WAITING_BEST = 256;

/**
 * Made-up URLs (searches, 404s, unknown hosts) are kept from their second render on: most are asked for once
 * (a flood of invented URLs, a visitor's one search), and keeping them cost a compression and pushed out other
 * made-up pages for nothing; one asked for again (a shared search link, a 404 a crawler retries) is worth it.
 * The keys seen once are remembered in a bounded list (its oldest forgotten first).
 */
const MADE_UP_SEEN_KEYS = 4096;

/** React's marker of a Suspense boundary whose fallback went out first (its content streamed in later). */
const STREAMED_BOUNDARY = '<!--$?-->';
/**
 * The longest policy a kept page may carry: with the other headers (about 600 bytes) the answer stays well
 * inside the 4 KB that proxies buffer by default. A kept page has a handful of inline scripts (Waku's
 * bootstrap, its payload in one script): about 1 KB.
 */
const MAX_KEPT_POLICY_LENGTH = 2048;

/** Headers the cache itself sets on what it serves (and removes from what it keeps). */
const OWN_HEADERS = [
  'cache-control',
  'content-encoding',
  'content-length',
  'etag',
  'age',
  'vary',
  'date',
  'strict-transport-security',
  'x-page-cache',
  'transfer-encoding',
];

const HTML_TYPE = /^text\/html/;
const RSC_TYPE = /^text\/(plain|x-component)/;
/** The type an RSC payload without one is sent with (what the Node layer adds), also when kept. */
export const RSC_DEFAULT_TYPE = 'text/plain; charset=UTF-8';

export type Encoding = 'br' | 'gzip' | undefined;

/** The encoding to send: br, else gzip, when the client accepts it (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body)).subarray(0, 12);
  return `W/"${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}

export class PageCache {
  private readonly refreshing = new Set<string>();
  private readonly failedAt = new Map<string, number>();
  /** Made-up keys rendered once and not kept (see MADE_UP_SEEN_KEYS). */
  private readonly seenOnce = new Set<string>();
  /** Real pages waiting for their best copy (page → key), in the order they asked; and whether one is being made. */
  private readonly waitingBest = new Map<StoredPage, string>();
  private makingBest = false;
  /** Copies being made in another encoding, shared by the clients asking for them at once. */
  private readonly deriving = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  /** Answers given from kept pages (fresh, stale) and renders the cache could not spare (misses). */
  private readonly counts = { hit: 0, stale: 0, miss: 0 };
  readonly cacheControl: string;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(message));
    const ttlS = Math.max(1, Math.round(options.ttlMs / 1000));
    this.cacheControl = `public, max-age=${ttlS}, stale-while-revalidate=${ttlS}, stale-if-error=${options.staleIfErrorS ?? 86_400}`;
  }

  async lookup(key: string): Promise<Lookup | undefined> {
    const page = await this.options.store.get(key);
    if (!page) return undefined;
    return { key, page, fresh: this.now() - page.storedAt < this.options.ttlMs };
  }

  /**
   * Claims the one background refresh of a stale page: false while another runs, or while a refresh that
   * failed is backing off. `release` must be called when it ends.
   */
  claimRefresh(key: string): boolean {
    if (this.refreshing.has(key)) return false;
    const failed = this.failedAt.get(key);
    if (failed !== undefined && this.now() - failed < this.options.retryMs) return false;
    this.refreshing.add(key);
    return true;
  }

  release(key: string): void {
    this.refreshing.delete(key);
  }

  /** A render the cache did not answer (counted for /healthz). */
  missed(): void {
    this.counts.miss += 1;
  }

  /**
   * Whether a made-up page (see MADE_UP_SEEN_KEYS) is worth keeping now: true from its second render on. Real
   * pages are always worth it.
   */
  worthKeeping(key: string, madeUp: boolean): boolean {
    if (!madeUp || this.seenOnce.delete(key)) return true;
    this.seenOnce.add(key);
    if (this.seenOnce.size > MADE_UP_SEEN_KEYS) this.seenOnce.delete(this.seenOnce.values().next().value as string);
    return false;
  }

  /** What /healthz reports: the answers counted since the start, and what the store holds. */
  stats(): { hits: number; stale: number; misses: number; hitRate: number | null } & Partial<StoreStats> {
    const { hit, stale, miss } = this.counts;
    const answers = hit + stale + miss;
    return {
      hits: hit,
      stale,
      misses: miss,
      hitRate: answers ? Math.round(((hit + stale) / answers) * 1000) / 1000 : null,
      ...this.options.store.stats?.(),
    };
  }

  /** Whether a finished response may be kept for everyone (checked before its body is read). */
  mayKeep(response: { status: number; headers: Headers; body: unknown }, kind: 'html' | 'rsc' = 'html'): boolean {
    const encoding = response.headers.get('content-encoding');
    return (
      (response.status === 200 || response.status === 404) &&
      response.body !== null &&
      // a route payload may reach this step without a type (the Node layer then adds text/plain)
      (kind === 'rsc'
        ? RSC_TYPE.test(response.headers.get('content-type') ?? RSC_DEFAULT_TYPE)
        : HTML_TYPE.test(response.headers.get('content-type') ?? '')) &&
      !response.headers.has('set-cookie') &&
      // Workers marks streamed HTML `identity` so the edge keeps the stream (src/request-chain/edge-streaming.ts)
      (encoding === null || encoding === 'identity')
    );
  }

  /**
   * A background refresh renders on the request the stale page answered, and Hono copies that answer's
   * headers onto the render's response: the cache's own headers (its encoding, ETag, age) are removed again.
   */
  withoutOwnHeaders(response: Response): {
    status: number;
    headers: Headers;
    body: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  } {
    const headers = new Headers(response.headers);
    for (const name of OWN_HEADERS) headers.delete(name);
    return { status: response.status, headers, body: response.body as ReadableStream<Uint8Array<ArrayBuffer>> | null };
  }

  /**
   * Keeps a completed render. `contentFailed`: the content layer reported a failure while it rendered, so
   * the page may show a section's failure message; the last good page is kept instead.
   */
  async admit(
    key: string,
    response: { status: number; headers: Headers },
    body: Uint8Array<ArrayBuffer>,
    { contentFailed, madeUp, partial = false }: { contentFailed: boolean; madeUp: boolean; partial?: boolean },
  ): Promise<boolean> {
    if (contentFailed) {
      this.failedAt.set(key, this.now());
      if (this.failedAt.size > 10_000) this.failedAt.delete(this.failedAt.keys().next().value as string);
      return false;
    }
    this.failedAt.delete(key);
    const headers = new Headers(response.headers);
    for (const name of OWN_HEADERS) headers.delete(name);
    let kept = body;
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      const decoded = new TextDecoder().decode(body);
      // A render that streamed a section behind its skeleton (`<!--$?-->`, a boundary React fills in with a
      // script later) shows that skeleton for good to visitors without JavaScript and to crawlers: not kept.
      // The content cache is warm after it, so the next render has every section in place.
      if (decoded.includes(STREAMED_BOUNDARY)) return false;
      const html = withOneFlightScript(withoutScriptNonces(decoded));
      const policy = await this.options.pagePolicy(html);
      // every answer's headers must pass a proxy's default buffer (nginx: 4 KB); a page whose own scripts
      // still need a longer policy is rendered each time instead (with a nonce), never kept
      if (policy.length > MAX_KEPT_POLICY_LENGTH) return false;
      kept = new TextEncoder().encode(html);
      headers.set('content-security-policy', policy);
    }
    const codec = this.options.codec;
    const page: StoredPage = {
      status: response.status,
      headers: [...headers],
      body: codec ? await codec.compress(kept, 'fast') : kept,
      encoding: codec ? 'br' : 'identity',
      effort: 'fast',
      views: 0,
      etag: await etagOf(kept),
      // partial content is kept as if rendered earlier: stale (and refreshed) after `retryMs`, and its Age
      // tells shared caches the same
      storedAt: this.now() - (partial ? Math.max(0, this.options.ttlMs - this.options.retryMs) : 0),
      madeUp: madeUp || response.status === 404,
    };
    await this.options.store.put(key, page);
    return true;
  }

  /** A kept page when the store answers synchronously (memory), for the Node server's direct path. */
  lookupNow(key: string): Lookup | undefined {
    const page = this.options.store.get(key);
    if (!page || page instanceof Promise) return undefined;
    return { key, page, fresh: this.now() - page.storedAt < this.options.ttlMs };
  }

  /**
   * The kept page as an answer to a request, from what is in memory now: the encoding it accepts, or 304 when
   * it has this copy (If-None-Match). Plain parts, so the Node server can write them without building a
   * Response. Undefined when the answer needs a copy in another encoding that is not made yet (`answer`
   * makes it).
   */
  answerNow(found: Lookup, request: RequestFacts): RawAnswer | undefined {
    if (this.notModified(found.page, request)) return this.answered(found, request, undefined);
    const encoding = this.encodingFor(found.page, request);
    const body = this.copyNow(found, encoding);
    return body && this.answered(found, request, { encoding, body });
  }

  /** The same, making the copy in another encoding when it is not in memory yet (in zlib's thread pool). */
  async answer(found: Lookup, request: RequestFacts): Promise<RawAnswer> {
    const now = this.answerNow(found, request);
    if (now) return now;
    const encoding = this.encodingFor(found.page, request);
    const body = await this.derive(found, encoding);
    return this.answered(found, request, { encoding, body });
  }

  /** The same answer as a Response (the chain's path, on both runtimes). */
  async respond(found: Lookup, request: Request, https: boolean): Promise<Response> {
    const { status, headers, body } = await this.answer(found, {
      method: request.method,
      acceptEncoding: request.headers.get('accept-encoding'),
      ifNoneMatch: request.headers.get('if-none-match'),
      https,
      speculative: isSpeculative(request.headers.get('sec-purpose')),
    });
    return new Response(body, { status, headers });
  }

  /** RFC 9110 §13.1.2: 304 only to GET/HEAD and only in place of a 2xx; `*` matches only a current
   * representation, and a kept 404 is none (a 404 is answered as it is). */
  private notModified(page: StoredPage, request: RequestFacts): boolean {
    return (
      page.status >= 200 &&
      page.status < 300 &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      matchesEtag(request.ifNoneMatch, page.etag)
    );
  }

  /** The encoding the answer is sent in: the kept one when the client takes it, else what it takes. */
  private encodingFor(page: StoredPage, request: RequestFacts): PageEncoding {
    if (page.encoding === 'identity') return 'identity'; // Workers: the edge compresses
    return chooseEncoding(request.acceptEncoding) ?? 'identity';
  }

  private copyNow({ key, page }: Lookup, encoding: PageEncoding): Uint8Array<ArrayBuffer> | undefined {
    if (encoding === page.encoding) return page.body;
    return this.options.store.derived?.(key, page, encoding);
  }

  /** A copy of the kept page in `encoding`, made from the kept br copy and kept a while by the store. */
  private derive({ key, page }: Lookup, encoding: PageEncoding): Promise<Uint8Array<ArrayBuffer>> {
    const codec = this.options.codec;
    if (!codec) return Promise.resolve(page.body);
    const id = `${encoding} ${key} ${page.etag} ${page.effort}`;
    let making = this.deriving.get(id);
    if (!making) {
      making = (async () => {
        const plain = this.options.store.derived?.(key, page, 'identity') ?? (await codec.decompress(page.body));
        const copy = encoding === 'gzip' ? await codec.gzip(plain) : plain;
        this.options.store.keepDerived?.(key, page, encoding, copy);
        return copy;
      })().finally(() => this.deriving.delete(id));
      this.deriving.set(id, making);
    }
    return making;
  }

  private answered(
    { key, page, fresh }: Lookup,
    request: RequestFacts,
    sent: { encoding: PageEncoding; body: Uint8Array<ArrayBuffer> } | undefined,
  ): RawAnswer {
    const prepared = this.prepared(page);
    const headers: Record<string, string> = {
      ...(sent ? prepared.base : prepared.notModified),
      ...(sent && sent.encoding !== 'identity' ? { 'content-encoding': sent.encoding } : {}),
      ...(sent ? { 'content-length': String(sent.body.byteLength) } : {}),
      age: String(Math.max(0, Math.floor((this.now() - page.storedAt) / 1000))),
      'x-page-cache': fresh ? 'hit' : 'stale',
    };
    if (request.https) headers['strict-transport-security'] = HSTS;
    if (!request.speculative) {
      this.counts[fresh ? 'hit' : 'stale'] += 1;
      page.views += 1;
      if (page.views >= VIEWS_WORTH_BEST && !page.madeUp && page.effort === 'fast') this.wantBest(key, page);
    }
    if (!sent) return { status: 304, headers, body: null };
    return { status: page.status, headers, body: request.method === 'HEAD' ? null : sent.body };
  }

  private wantBest(key: string, page: StoredPage): void {
    if (!this.options.codec || this.waitingBest.has(page) || this.waitingBest.size >= MAX_WAITING_BEST) return;
    this.waitingBest.set(page, key);
    if (!this.makingBest) void this.makeBestCopies();
  }

  /**
   * Pages worth it get their copy at the best level, one at a time, in the background, in place of the fast
   * one; the next visitors get it. A page replaced or dropped meanwhile is skipped, or its work not used.
   */
  private async makeBestCopies(): Promise<void> {
    const codec = this.options.codec;
    if (!codec) return;
    this.makingBest = true;
    for (let next = this.waitingBest.entries().next(); !next.done; next = this.waitingBest.entries().next()) {
      const [page, key] = next.value;
      try {
        if ((await this.options.store.get(key)) === page) {
          const best = await codec.compress(await codec.decompress(page.body), 'best');
          // a new page object: the store counts its (smaller) bytes, and its prepared headers are its own
          if ((await this.options.store.get(key)) === page)
            await this.options.store.put(key, { ...page, body: best, effort: 'best' });
        }
      } catch (error) {
        this.log(`[page-cache] compressing a kept page at the best level failed: ${String(error)}`);
      }
      this.waitingBest.delete(page);
    }
    this.makingBest = false;
  }

  /** Each page's headers, built once per page rather than once per request. */
  private readonly preparedHeaders = new WeakMap<StoredPage, PreparedHeaders>();

  private prepared(page: StoredPage): PreparedHeaders {
    let prepared = this.preparedHeaders.get(page);
    if (prepared) return prepared;
    const base: Record<string, string> = Object.fromEntries(page.headers);
    Object.assign(base, { 'cache-control': this.cacheControl, etag: page.etag, vary: 'accept-encoding' });
    const notModified = { ...base };
    delete notModified['content-type'];
    delete notModified['content-security-policy'];
    prepared = { base, notModified };
    this.preparedHeaders.set(page, prepared);
    return prepared;
  }
}

/** What an answer depends on. */
export type RequestFacts = {
  method: string;
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
  https: boolean;
  /** Asked for ahead of a click (`Sec-Purpose: prefetch`): answered as any read, counted as no visit. */
  speculative?: boolean;
};

/**
 * A browser's speculative fetch (speculation rules, record 041) says so in `Sec-Purpose`. It is answered as any
 * other read, from the page cache when kept, but it is no visit: it counts in no hit, miss or view, and does
 * not make a made-up address worth keeping (the visitor may never come).
 */
export function isSpeculative(secPurpose: string | null | undefined): boolean {
  return /(^|[\s;,])prefetch\b/i.test(secPurpose ?? '');
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null };

type PreparedHeaders = {
  /** The page's headers for an answer with a body (its encoding and length are added per answer). */
  base: Record<string, string>;
  notModified: Record<string, string>;
};

/** Reads a whole stream (a render's copy) into one buffer. */
export async function readAll(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
