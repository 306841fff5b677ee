/**
 * The kept crawl on Node: one JSON file (SEARCH_INDEX_FILE). Written whole to a temporary file beside it,
 * then renamed over it, so a reader (this server after a restart, or another server sharing the file) sees
 * either the old record or the new one, never half of one, even if the process dies mid-write. Servers
 * sharing the file take turns through a lease beside it: one crawls, the others read what it writes.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CrawlStorage } from './crawl-record';

/**
 * Larger than any real catalogue's record: 20 000 courses × 6 sessions with full descriptions and their search
 * index take about 80 MB (scripts/bench-forgiving-search.mjs). The same limit holds for writing and reading,
 * so every file a server writes is read whole after a restart (V8's longest string is about 512 MiB).
 */
const MAX_BYTES = 256 * 1024 * 1024;

/** How long a crawling server's lease lasts without renewal (it renews it every 5 s while its pass runs). */
const LEASE_MS = 30_000;

/** Characters encoded and written at a time (at most 3 MB of UTF-8: a few ms of work). */
const WRITE_CHARS = 1024 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Writes `text` to `file` whole: a temporary file beside it, synced, then renamed over it. A text past
 * `maxBytes` fails (counted as it is written: measuring a two-byte string of 20 MB at once took 35 ms).
 */
async function writeWhole(
  file: string,
  text: string | readonly string[],
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await fs.open(temporary, 'w');
    try {
      // a piece at a time: encoding a record of tens of MB at once held every other request for 30 ms and more
      let written = 0;
      for (const part of typeof text === 'string' ? [text] : text) {
        for (let start = 0; start < part.length;) {
          let end = Math.min(part.length, start + WRITE_CHARS);
          if (end < part.length && isHighSurrogate(part.charCodeAt(end - 1))) end -= 1; // never split a pair
          const piece = Buffer.from(part.slice(start, end), 'utf8');
          await handle.writeFile(piece); // at the current position, whole (a short write is carried on)
          written += piece.byteLength;
          if (written > maxBytes) throw new Error(`the record is over ${maxBytes} bytes, more than a restart reads`);
          start = end;
        }
      }
      await handle.sync(); // the bytes are on the disk before the name points at them
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

type Lease = { holder: string; until: number };

async function readLease(file: string): Promise<Lease | undefined> {
  try {
    const lease = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Lease>;
    return typeof lease.holder === 'string' && typeof lease.until === 'number' ? (lease as Lease) : undefined;
  } catch {
    return undefined; // none, or unreadable: free
  }
}

/** This process, as a lease names it (one crawler per process, whatever number of stores it opens). */
const HOLDER = `${process.pid}-${randomBytes(6).toString('hex')}`;

/**
 * Servers sharing one SEARCH_INDEX_FILE: `<file>.lease` names the one that crawls and until when. A free
 * lease is taken by creating the file exclusively (of two servers, one succeeds); an expired one is removed
 * first. The taker reads it back a moment later, so one that removed a lease just taken by another sees the
 * other's and gives up, and vice versa: of servers racing, at most one holds it. The holder renews it by
 * rewriting it whole while its pass runs.
 */
function fileLease(file: string, now: () => number = Date.now) {
  const write = () => JSON.stringify({ holder: HOLDER, until: now() + LEASE_MS });
  // a take under way when the server stops (a renewal) must not write the lease back after release() removed it
  const underWay = new Set<Promise<boolean>>();
  let released = false;
  const take = async (): Promise<boolean> => {
    const lease = await readLease(file);
    if (lease && lease.holder !== HOLDER && lease.until > now()) return false;
    if (lease?.holder === HOLDER) {
      await writeWhole(file, write()); // a renewal: nobody else takes a lease that has not expired
      return true;
    }
    if (lease) await fs.rm(file, { force: true }); // expired
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      const handle = await fs.open(file, 'wx');
      try {
        await handle.writeFile(write(), 'utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // another server was first, or a lease it could not read (cut short): remove that one for next time
      if (!(await readLease(file))) await fs.rm(file, { force: true });
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (await readLease(file))?.holder === HOLDER;
  };
  return {
    take: (): Promise<boolean> => {
      if (released) return Promise.resolve(false);
      const taking = take();
      underWay.add(taking);
      void taking.catch(() => false).finally(() => underWay.delete(taking));
      return taking;
    },
    /** A server stopping hands the crawl over at once: its lease goes (only its own), and is never taken again. */
    release: async (): Promise<void> => {
      released = true;
      await Promise.allSettled(underWay);
      if ((await readLease(file))?.holder === HOLDER) await fs.rm(file, { force: true });
    },
  };
}

/** `maxBytes`: the most a record may take, written or read (tests make it small). */
export function crawlFile(file: string, { maxBytes = MAX_BYTES }: { maxBytes?: number } = {}): CrawlStorage {
  const resolved = path.resolve(file);
  return {
    where: file,
    lease: fileLease(`${resolved}.lease`),
    async read() {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(resolved, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        if (size > maxBytes) throw new Error(`the file is ${size} bytes, more than the ${maxBytes} read`);
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    },
    // never a file this reader would refuse: a record past the limit fails here, and the last one stays
    write: (text) => writeWhole(resolved, text, maxBytes),
    stamp: () =>
      fs.stat(resolved).then(
        (stat) => `${stat.mtimeMs}-${stat.size}-${stat.ino}`,
        () => undefined,
      ),
  };
}
