/**
 * The kept crawl on Workers: the SEARCH_INDEX KV namespace, written by the Cron Trigger's crawl
 * (scheduled-crawl.ts) and read by requests. A record that fits is one value under `search-index`, so a
 * reader never sees an index from one run and a cursor from another. KV takes at most 25 MiB a value, and a
 * record with its search index passes that at about 20 000 courses: a larger one is written in pieces under
 * keys of their own generation first, then `search-index` is pointed at them (the pieces of a generation are
 * never rewritten, so a reader reads one generation whole, or a piece is missing and the read fails and is
 * retried; it never mixes two). The generation before the previous one is deleted.
 */
import type { CrawlStorage } from './crawl-record';

/** The part of a KV namespace binding used here. */
export type CrawlKv = {
  get(key: string, type: 'text'): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
};

const CRAWL_KV_KEY = 'search-index';
/** A head naming pieces starts so (a record itself is JSON and starts with `{`). */
const PIECES_HEAD = 'pieces:';
/** Characters a piece holds: at most 3 bytes each in UTF-8, so a piece stays under KV's 25 MiB. */
const PIECE_CHARS = 8 * 1024 * 1024;

type PiecesHead = { generation: string; count: number; previous?: { generation: string; count: number } };

const pieceKey = (generation: string, n: number) => `${CRAWL_KV_KEY}:${generation}:${n}`;

function readHead(text: string | null): PiecesHead | undefined {
  if (!text?.startsWith(PIECES_HEAD)) return undefined;
  return JSON.parse(text.slice(PIECES_HEAD.length)) as PiecesHead;
}

export function kvCrawlStorage(kv: CrawlKv, { pieceChars = PIECE_CHARS }: { pieceChars?: number } = {}): CrawlStorage {
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
    write: async (text) => {
      const before = readHead(await kv.get(CRAWL_KV_KEY, 'text'));
      if (text.length <= pieceChars) {
        await kv.put(CRAWL_KV_KEY, text);
      } else {
        const generation = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
        const count = Math.ceil(text.length / pieceChars);
        // one at a time: a scheduled run has a handful of sub-requests to spare, not a burst of puts
        for (let n = 0; n < count; n += 1) {
          await kv.put(pieceKey(generation, n), text.slice(n * pieceChars, (n + 1) * pieceChars));
        }
        const head: PiecesHead = {
          generation,
          count,
          ...(before ? { previous: { generation: before.generation, count: before.count } } : {}),
        };
        await kv.put(CRAWL_KV_KEY, `${PIECES_HEAD}${JSON.stringify(head)}`);
      }
      // a reader may still be reading the generation just replaced: the one before it goes
      await deletePieces(before?.previous);
      if (text.length <= pieceChars) await deletePieces(before);
    },
  };
}
