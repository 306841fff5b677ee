/**
 * The kept crawl on Workers: the SEARCH_INDEX KV namespace, written by the Cron Trigger's crawl
 * (scheduled-crawl.ts) and read by requests. A record that fits is one value under `search-index`, so a
 * reader never sees an index from one run and a cursor from another. KV takes at most 25 MiB a value (UTF-8
 * bytes), and a record with its search index and full descriptions passes that at a few thousand courses: a
 * larger one is written in pieces of at most 20 MiB under keys of their own generation first, then
 * `search-index` is pointed at them (the pieces of a generation are never rewritten, so a reader reads one
 * generation whole, or a piece is missing and the read fails and is retried; it never mixes two). The
 * generation before the previous one is deleted.
 */
import type { CrawlStorage } from './crawl-record';
import { parseKeepHealth, type KeepHealth } from './keep-health';

/** The part of a KV namespace binding used here. */
export type CrawlKv = {
  get(key: string, type: 'text'): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
};

const CRAWL_KV_KEY = 'search-index';
/** Whether the record is being kept (keep-health.ts): a few hundred bytes, written when the record is not. */
const HEALTH_KV_KEY = 'search-index-health';
/** A head naming pieces starts so (a record itself is JSON and starts with `{`). */
const PIECES_HEAD = 'pieces:';
/**
 * UTF-8 bytes a value holds at most: KV refuses more than 25 MiB, and the margin keeps a piece clear of it.
 * Counted in bytes, not characters: Arabic text takes 2 bytes a character, a character count let a value of
 * Arabic descriptions pass the limit.
 */
export const MAX_VALUE_BYTES = 20 * 1024 * 1024;

type PiecesHead = { generation: string; count: number; previous?: { generation: string; count: number } };

const pieceKey = (generation: string, n: number) => `${CRAWL_KV_KEY}:${generation}:${n}`;

/**
 * Where a piece that starts at `start` ends: as many characters as take at most `maxBytes` in UTF-8, never
 * half of a surrogate pair (each piece is read back as text on its own).
 */
export function pieceEnd(text: string, start: number, maxBytes: number): { end: number; bytes: number } {
  let bytes = 0;
  let at = start;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3; // a lone surrogate is written as U+FFFD
    if (bytes + size > maxBytes) break;
    bytes += size;
    at += pair ? 2 : 1;
  }
  return { end: at, bytes };
}

function readHead(text: string | null): PiecesHead | undefined {
  if (!text?.startsWith(PIECES_HEAD)) return undefined;
  return JSON.parse(text.slice(PIECES_HEAD.length)) as PiecesHead;
}

export type KvCrawlStorage = CrawlStorage & {
  /** What the last write that succeeded stored: its UTF-8 bytes and the values they took (head and pieces). */
  written(): { bytes: number; values: number } | undefined;
};

export function kvCrawlStorage(
  kv: CrawlKv,
  { maxValueBytes = MAX_VALUE_BYTES }: { maxValueBytes?: number } = {},
): KvCrawlStorage {
  let written: { bytes: number; values: number } | undefined;
  const deletePieces = (head: { generation: string; count: number } | undefined) =>
    head
      ? Promise.all(Array.from({ length: head.count }, (_, n) => kv.delete(pieceKey(head.generation, n))))
      : undefined;

  return {
    where: `KV SEARCH_INDEX/${CRAWL_KV_KEY}`,
    read: async () => {
      const text = await kv.get(CRAWL_KV_KEY, 'text');
      if (text === null) return undefined;
      const head = readHead(text);
      if (!head) return text;
      const pieces = await Promise.all(
        Array.from({ length: head.count }, (_, n) => kv.get(pieceKey(head.generation, n), 'text')),
      );
      const missing = pieces.findIndex((piece) => piece === null);
      if (missing >= 0) throw new Error(`piece ${missing + 1} of ${head.count} (${head.generation}) is missing`);
      return pieces.join('');
    },
    write: async (textOrPieces) => {
      // values are cut from the whole text; on Workers the clock does not move while code runs, so the join
      // keeps no visitor waiting (time-slices.ts)
      const text = typeof textOrPieces === 'string' ? textOrPieces : textOrPieces.join('');
      const before = readHead(await kv.get(CRAWL_KV_KEY, 'text'));
      const first = pieceEnd(text, 0, maxValueBytes);
      const whole = first.end === text.length;
      let bytes = first.bytes;
      let values = 1;
      if (whole) {
        await kv.put(CRAWL_KV_KEY, text);
      } else {
        bytes = 0;
        const generation = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
        let count = 0;
        try {
          // one at a time: a scheduled run has a handful of sub-requests to spare, not a burst of puts
          for (let start = 0; start < text.length; count += 1) {
            const piece = pieceEnd(text, start, maxValueBytes);
            if (piece.end === start) throw new Error(`a character does not fit in ${maxValueBytes} bytes`);
            await kv.put(pieceKey(generation, count), text.slice(start, piece.end));
            bytes += piece.bytes;
            start = piece.end;
          }
          values = count + 1;
          const head: PiecesHead = {
            generation,
            count,
            ...(before ? { previous: { generation: before.generation, count: before.count } } : {}),
          };
          await kv.put(CRAWL_KV_KEY, `${PIECES_HEAD}${JSON.stringify(head)}`);
        } catch (error) {
          // the pieces of a generation no head names are never read: they go, not left to fill the store
          await Promise.allSettled(Array.from({ length: count + 1 }, (_, n) => kv.delete(pieceKey(generation, n))));
          throw error;
        }
      }
      // a reader may still be reading the generation just replaced: the one before it goes
      await deletePieces(before?.previous);
      if (whole) await deletePieces(before);
      written = { bytes, values };
    },
    written: () => written,
  };
}

/** Whether the record is being kept, beside it in KV: the scheduled run writes it, /healthz reads it. */
export function kvKeepHealth(kv: CrawlKv) {
  return {
    read: async (): Promise<KeepHealth | undefined> => parseKeepHealth(await kv.get(HEALTH_KV_KEY, 'text')),
    write: (health: KeepHealth): Promise<void> => kv.put(HEALTH_KV_KEY, JSON.stringify(health)),
  };
}
