/**
 * An append-only file of JSON records, one per line, that says "written" only once the bytes are on the
 * disk (fsync). Appends are queued in this process and written in batches: whatever arrived while the
 * previous batch was being synced goes out in one write + one fsync, so 200 concurrent appends never
 * interleave and do not cost 200 syncs in a row.
 *
 * One process writes a given file (the site server); a second writer would need a lock this does not take.
 */
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

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
   */
  static async open(
    file: string,
  ): Promise<{ log: JsonLinesFile; entries: unknown[]; lineNumbers: number[]; problems: LineProblem[] }> {
    // People's details: the folder and the files are the server user's alone (also when they existed before).
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.chmod(path.dirname(file), 0o700);
    const existed = await fs.access(file).then(
      () => true,
      () => false,
    );
    const handle = await fs.open(file, 'a', 0o600);
    try {
      await handle.chmod(0o600);
      if (!existed) await syncDirectory(path.dirname(file));
      const { entries, lineNumbers, problems, size, completeSize } = await readJsonLines(file);
      if (completeSize < size) {
        const fragment = Buffer.alloc(size - completeSize);
        const reader = await fs.open(file, 'r');
        try {
          await reader.read(fragment, 0, fragment.length, completeSize);
        } finally {
          await reader.close();
        }
        await fs.appendFile(`${file}.torn`, Buffer.concat([fragment, Buffer.from('\n')]), { mode: 0o600 });
        await handle.truncate(completeSize);
        await handle.sync();
      }
      return { log: new JsonLinesFile(file, handle, completeSize), entries, lineNumbers, problems };
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

/**
 * Read a JSON-lines file; a missing file is an empty one. Unparseable lines are reported, not thrown.
 * `completeSize` is where the last complete (newline-terminated) line ends.
 */
export async function readJsonLines(
  file: string,
): Promise<{ entries: unknown[]; lineNumbers: number[]; problems: LineProblem[]; size: number; completeSize: number }> {
  let size: number;
  try {
    size = (await fs.stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { entries: [], lineNumbers: [], problems: [], size: 0, completeSize: 0 };
    throw error;
  }
  const entries: unknown[] = [];
  const lineNumbers: number[] = [];
  const problems: LineProblem[] = [];
  if (size === 0) return { entries, lineNumbers, problems, size, completeSize: 0 };
  const completeSize = await endOfLastLine(file, size);
  if (completeSize < size) problems.push({ file, line: 0, reason: 'torn-tail' });
  if (completeSize === 0) return { entries, lineNumbers, problems, size, completeSize };
  const lines = readline.createInterface({
    input: createReadStream(file, { encoding: 'utf8', start: 0, end: completeSize - 1 }),
    crlfDelay: Infinity,
  });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    try {
      entries.push(JSON.parse(text));
      lineNumbers.push(number);
    } catch {
      problems.push({ file, line: number, reason: 'unreadable' });
    }
  }
  const torn = problems.find((problem) => problem.reason === 'torn-tail');
  if (torn) torn.line = number + 1;
  return { entries, lineNumbers, problems, size, completeSize };
}

/** The byte offset just after the file's last newline (0 when it has none). */
async function endOfLastLine(file: string, size: number): Promise<number> {
  const handle = await fs.open(file, 'r');
  try {
    const chunk = Buffer.alloc(Math.min(size, 64 * 1024));
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const length = end - start;
      await handle.read(chunk, 0, length, start);
      const index = chunk.subarray(0, length).lastIndexOf(0x0a);
      if (index !== -1) return start + index + 1;
      end = start;
    }
    return 0;
  } finally {
    await handle.close();
  }
}
