/**
 * The kept crawl on Node: one JSON file (SEARCH_INDEX_FILE). Written whole to a temporary file beside it,
 * then renamed over it, so a reader (this server after a restart, or another server sharing the file) sees
 * either the old record or the new one, never half of one, even if the process dies mid-write.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CrawlStorage } from './crawl-record';

/** Larger than any real catalogue's record (2 000 courses take about 1 MB): a bigger file is not read. */
const MAX_BYTES = 64 * 1024 * 1024;

export function crawlFile(file: string): CrawlStorage {
  const resolved = path.resolve(file);
  return {
    where: file,
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
        if (size > MAX_BYTES) throw new Error(`the file is ${size} bytes, more than the ${MAX_BYTES} read`);
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    },
    async write(text) {
      await fs.mkdir(path.dirname(resolved), { recursive: true });
      const temporary = `${resolved}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        const handle = await fs.open(temporary, 'w');
        try {
          await handle.writeFile(text, 'utf8');
          await handle.sync(); // the bytes are on the disk before the name points at them
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, resolved);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
  };
}
