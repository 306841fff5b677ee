/**
 * An append-only file of JSON records, one per line, that says "written" only once the bytes are on the
 * disk (fsync). Appends are queued in this process and written in batches: whatever arrived while the
 * previous batch was being synced goes out in one write + one fsync, so 200 concurrent appends never
 * interleave and do not cost 200 syncs in a row.
 *
 * One process writes a given file (the site server); a second writer would need a lock this does not take.
 */
import 'server-only';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export type LineProblem = { file: string; line: number; reason: 'torn-tail' | 'unreadable' };

type Waiting = { data: string; resolve: () => void; reject: (error: unknown) => void };

export class JsonLinesFile {
  private waiting: Waiting[] = [];
  private draining: Promise<void> | null = null;
  /** A failed write may have left part of a line behind: cut the file back to `size` before the next one. */
  private damaged = false;
  private closed = false;

  private constructor(
    readonly file: string,
    private readonly handle: fs.FileHandle,
    private size: number,
  ) {}

  /**
   * Open (creating it and its folder if needed) and read what is there. A last line without its newline is
   * what a crash in the middle of a write leaves (that record was never confirmed to anyone): it is
   * reported, copied to `<file>.torn` for inspection, and cut off so the next record starts on a clean line.
   * Files are read whole: an outbox holds a few KB per enquiry.
   */
  static async open(file: string): Promise<{ log: JsonLinesFile; lines: JsonLines }> {
    // People's details: the folder and the files are the server user's alone (also when they existed before).
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.chmod(path.dirname(file), 0o700);
    const existed = await readJsonLines(file);
    const handle = await fs.open(file, 'a', 0o600);
    try {
      await handle.chmod(0o600);
      if (existed.size === 0) await syncDirectory(path.dirname(file));
      if (existed.torn) {
        await fs.appendFile(`${file}.torn`, `${existed.torn}\n`, { mode: 0o600 });
        await handle.truncate(existed.size);
        await handle.sync();
      }
      return { log: new JsonLinesFile(file, handle, existed.size), lines: existed };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Resolves once every entry is on the disk; rejects if the write or the sync failed (nothing is kept then). */
  append(entries: readonly unknown[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.file} is closed`));
    const data = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ data, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.draining;
    await this.handle.close();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      const bytes = Buffer.from(batch.map((item) => item.data).join(''), 'utf8');
      try {
        if (this.damaged) {
          await this.handle.truncate(this.size);
          this.damaged = false;
        }
        let written = 0;
        while (written < bytes.length) {
          const { bytesWritten } = await this.handle.write(bytes, written, bytes.length - written);
          written += bytesWritten;
        }
        await this.handle.sync();
        this.size += bytes.length;
        for (const item of batch) item.resolve();
      } catch (error) {
        this.damaged = true;
        for (const item of batch) item.reject(error);
      }
    }
    this.draining = null;
  }
}

/** A new file's name is only durable once its folder is synced too (where the platform allows it). */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder for syncing; its file system journals the name anyway
  } finally {
    await handle?.close();
  }
}

type JsonLines = {
  entries: unknown[];
  /** The line number of each entry. */
  lineNumbers: number[];
  problems: LineProblem[];
  /** Bytes up to the end of the last complete (newline-terminated) line. */
  size: number;
  /** What follows it: the part of a line a crash cut short ('' when none). */
  torn: string;
};

/** Read a JSON-lines file; a missing file is an empty one. Unparseable lines are reported, not thrown. */
export async function readJsonLines(file: string): Promise<JsonLines> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    bytes = Buffer.alloc(0);
  }
  const size = bytes.lastIndexOf(0x0a) + 1;
  const lines = bytes.subarray(0, size).toString('utf8').split('\n').slice(0, -1);
  const result: JsonLines = { entries: [], lineNumbers: [], problems: [], size, torn: bytes.subarray(size).toString() };
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    try {
      result.entries.push(JSON.parse(text));
      result.lineNumbers.push(index + 1);
    } catch {
      result.problems.push({ file, line: index + 1, reason: 'unreadable' });
    }
  });
  if (result.torn) result.problems.push({ file, line: lines.length + 1, reason: 'torn-tail' });
  return result;
}
