/**
 * Where rendered pages are kept: an interface the page cache uses on both runtimes (memory on Node, the
 * Workers Cache API on Cloudflare), and the in-memory store, bounded by bytes.
 */

import 'server-only';
export type StoredPage = {
  status: number;
  /** The response's own headers (type, CSP, security headers); the cache adds caching and encoding ones. */
  headers: [string, string][];
  /** The body as rendered, uncompressed. */
  body: Uint8Array<ArrayBuffer>;
  /** The body compressed (absent where the platform compresses), at `effort` (page-cache.ts says when). */
  encoded: { br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> };
  effort: 'fast' | 'best';
  /** Times this copy was answered (where the store keeps the object itself: memory on Node). */
  views: number;
  etag: string;
  storedAt: number;
  /** Kept for a URL a visitor made up (a 404, a search): made room for before real pages. */
  madeUp: boolean;
};

export interface PageStore {
  get(key: string): StoredPage | undefined | Promise<StoredPage | undefined>;
  put(key: string, page: StoredPage): void | Promise<void>;
}

function pageBytes(page: StoredPage): number {
  let bytes = page.body.byteLength + (page.encoded.br?.byteLength ?? 0) + (page.encoded.gzip?.byteLength ?? 0);
  for (const [name, value] of page.headers) bytes += name.length + value.length;
  return bytes + 256;
}

/**
 * Pages in memory, at most `maxBytes` in all. Least recently used first, and every made-up page (404s,
 * searches, prefilled forms: URLs without end) before any real page, so a flood of invented URLs cannot
 * push out the pages stale-if-error relies on.
 */
export class MemoryPageStore implements PageStore {
  private readonly real = new Map<string, StoredPage>();
  private readonly madeUp = new Map<string, StoredPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): StoredPage | undefined {
    const map = this.real.has(key) ? this.real : this.madeUp;
    const page = map.get(key);
    if (page) {
      map.delete(key);
      map.set(key, page);
    }
    return page;
  }

  put(key: string, page: StoredPage): void {
    this.remove(key);
    const size = pageBytes(page);
    if (size > this.maxBytes) return;
    (page.madeUp ? this.madeUp : this.real).set(key, page);
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const victim = this.madeUp.keys().next().value ?? this.real.keys().next().value;
      if (victim === undefined) break;
      this.remove(victim);
    }
  }

  stats(): { pages: number; madeUp: number; bytes: number } {
    return { pages: this.real.size + this.madeUp.size, madeUp: this.madeUp.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    for (const map of [this.real, this.madeUp]) {
      const page = map.get(key);
      if (page) {
        map.delete(key);
        this.bytes -= pageBytes(page);
      }
    }
  }
}
