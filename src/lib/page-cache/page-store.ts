/**
 * Where rendered pages are kept: an interface the page cache uses on both runtimes (memory on Node, the
 * Workers Cache API on Cloudflare), and the in-memory store, bounded by bytes.
 */

import 'server-only';

/** The encodings a page may be answered in; `identity` is the body as rendered. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

export type StoredPage = {
  status: number;
  /** The response's own headers (type, CSP, security headers); the cache adds caching and encoding ones. */
  headers: [string, string][];
  /**
   * The one copy kept, in `encoding`: br on Node (the other encodings are made from it when a client does
   * not take br, see page-cache.ts), the body as rendered on Workers (the edge compresses).
   */
  body: Uint8Array<ArrayBuffer>;
  encoding: 'br' | 'identity';
  /** How hard `body` was compressed (page-cache.ts says when each is used). */
  effort: 'fast' | 'best';
  /** Times this copy was answered (where the store keeps the object itself: memory on Node). */
  views: number;
  etag: string;
  storedAt: number;
  /** Kept for a URL a visitor made up (a 404, a search): kept apart, in a small area of its own. */
  madeUp: boolean;
};

export type StoreStats = {
  pages: number;
  madeUp: number;
  bytes: number;
  maxBytes: number;
  derivedCopies: number;
  derivedBytes: number;
  /** Real pages dropped to make room for others: more than a few and the cache is smaller than the catalogue. */
  realEvicted: number;
};

export interface PageStore {
  get(key: string): StoredPage | undefined | Promise<StoredPage | undefined>;
  put(key: string, page: StoredPage): void | Promise<void>;
  /**
   * A copy of a kept page in an encoding it is not kept in, made earlier for a client that does not take the
   * kept one (memory only: the Workers store keeps the body as rendered, which every client takes).
   */
  derived?(key: string, page: StoredPage, encoding: PageEncoding): Uint8Array<ArrayBuffer> | undefined;
  keepDerived?(key: string, page: StoredPage, encoding: PageEncoding, bytes: Uint8Array<ArrayBuffer>): void;
  stats?(): StoreStats;
}

/** What a page costs in memory: its bytes, its headers, and the objects around them. */
function pageBytes(page: StoredPage): number {
  let bytes = page.body.byteLength;
  for (const [name, value] of page.headers) bytes += name.length + value.length;
  return bytes + 256;
}

type Held = { page: StoredPage; bytes: number };

/** A least-recently-used map of pages that counts their bytes. */
class Area<T extends { bytes: number }> {
  readonly entries = new Map<string, T>();
  bytes = 0;

  get(key: string): T | undefined {
    const held = this.entries.get(key);
    if (held) {
      this.entries.delete(key);
      this.entries.set(key, held);
    }
    return held;
  }

  set(key: string, held: T): void {
    this.delete(key);
    this.entries.set(key, held);
    this.bytes += held.bytes;
  }

  delete(key: string): T | undefined {
    const held = this.entries.get(key);
    if (held) {
      this.entries.delete(key);
      this.bytes -= held.bytes;
    }
    return held;
  }

  oldest(): string | undefined {
    return this.entries.keys().next().value;
  }
}

/**
 * Pages in memory, at most `maxBytes` in all, in three areas:
 * - real pages (the catalogue, the site's own pages), least recently used first;
 * - made-up pages (404s, searches, prefilled forms, unknown hosts: URLs without end), at most `madeUpBytes`,
 *   so a flood of invented URLs only ever replaces other made-up pages and never a real one;
 * - copies made from a kept page in another encoding (gzip, identity), at most `derivedBytes`, so a client
 *   without br asking for the same page again is answered without decompressing it again.
 * When the whole is full, made-up pages go first, then derived copies, then the least recently used real page.
 */
export class MemoryPageStore implements PageStore {
  private readonly real = new Area<Held>();
  private readonly madeUp = new Area<Held>();
  private readonly copies = new Area<{ page: StoredPage; bytes: number; copy: Uint8Array<ArrayBuffer> }>();
  private realEvicted = 0;
  private readonly madeUpBytes: number;
  private readonly derivedBytes: number;

  constructor(
    private readonly maxBytes: number,
    { madeUpBytes = maxBytes / 8, derivedBytes = maxBytes / 8 }: { madeUpBytes?: number; derivedBytes?: number } = {},
  ) {
    this.madeUpBytes = Math.min(madeUpBytes, maxBytes);
    this.derivedBytes = Math.min(derivedBytes, maxBytes);
  }

  get(key: string): StoredPage | undefined {
    return (this.real.get(key) ?? this.madeUp.get(key))?.page;
  }

  put(key: string, page: StoredPage): void {
    this.remove(key);
    const bytes = pageBytes(page);
    const area = page.madeUp ? this.madeUp : this.real;
    if (bytes > (page.madeUp ? this.madeUpBytes : this.maxBytes)) return;
    area.set(key, { page, bytes });
    while (this.madeUp.bytes > this.madeUpBytes) this.evict(this.madeUp);
    this.fit();
  }

  derived(key: string, page: StoredPage, encoding: PageEncoding): Uint8Array<ArrayBuffer> | undefined {
    const held = this.copies.get(`${encoding} ${key}`);
    return held?.page === page ? held.copy : undefined;
  }

  keepDerived(key: string, page: StoredPage, encoding: PageEncoding, copy: Uint8Array<ArrayBuffer>): void {
    // a copy of a page replaced or dropped meanwhile is of no use to anyone
    if (this.get(key) !== page) return;
    const bytes = copy.byteLength + 128;
    if (bytes > this.derivedBytes) return;
    this.copies.set(`${encoding} ${key}`, { page, bytes, copy });
    while (this.copies.bytes > this.derivedBytes) this.evict(this.copies);
    this.fit();
  }

  stats(): StoreStats {
    return {
      pages: this.real.entries.size + this.madeUp.entries.size,
      madeUp: this.madeUp.entries.size,
      bytes: this.total(),
      maxBytes: this.maxBytes,
      derivedCopies: this.copies.entries.size,
      derivedBytes: this.copies.bytes,
      realEvicted: this.realEvicted,
    };
  }

  private total(): number {
    return this.real.bytes + this.madeUp.bytes + this.copies.bytes;
  }

  /** Within the whole bound: made-up pages first, then derived copies, then real pages. */
  private fit(): void {
    while (this.total() > this.maxBytes) {
      const area = [this.madeUp, this.copies, this.real].find((candidate) => candidate.entries.size > 0);
      if (!area) break;
      if (area === this.real) this.realEvicted += 1;
      this.evict(area);
    }
  }

  private evict(area: Area<{ bytes: number }>): void {
    const key = area.oldest();
    if (key === undefined) return;
    if (area === this.copies) area.delete(key);
    else this.remove(key);
  }

  private remove(key: string): void {
    const gone = this.real.delete(key) ?? this.madeUp.delete(key);
    if (!gone) return;
    for (const encoding of ['br', 'gzip', 'identity'] as const) this.copies.delete(`${encoding} ${key}`);
  }
}
