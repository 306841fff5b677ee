/**
 * The kept search index (SEARCH_INDEX_FILE) for the e2e tests: reading the file a site writes, waiting for a
 * whole crawl in it, and a site restarted on it, which has the catalogue at once and nothing of it in its
 * content cache (a restarted server, or a Worker isolate reading KV: a course page then streams from the
 * catalogue's head).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startAdmin, startSite, type DemoAdmin } from './servers';

export type KeptRecord = {
  version: number;
  complete: boolean;
  pass?: { next: number; slugs: string[] };
  categories: { courses: { slug: string; title: string }[] }[];
  sessions: [string, { start_date: string; venue_name: string }[]][];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function readKeptRecord(file: string): Promise<KeptRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as KeptRecord;
  } catch {
    return undefined; // not written yet
  }
}

/** Waits until the file holds a whole crawl (no pass under way). */
export async function untilComplete(file: string, siteUrl: string): Promise<KeptRecord> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const record = await readKeptRecord(file);
    if (record?.complete && !record.pass) return record;
    await fetch(`${siteUrl}/`).then((response) => response.body?.cancel()); // a page view starts the crawl
    await sleep(200);
  }
  throw new Error(`${file} never held a complete crawl`);
}

/**
 * A demo admin and a site restarted on the index a first site crawled whole: the catalogue is known from the
 * first request, the content cache is empty. `env` is the restarted site's.
 */
export async function startPairOnKeptIndex(env: Record<string, string> = {}) {
  const admin: DemoAdmin = await startAdmin();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kept-index-'));
  const file = path.join(dir, 'search-index.json');
  try {
    const first = await startSite(admin, { SEARCH_INDEX_FILE: file });
    await untilComplete(file, first.url).finally(() => first.stop());
    const site = await startSite(admin, { ...env, SEARCH_INDEX_FILE: file });
    return {
      admin,
      site,
      async stop() {
        await site.stop();
        await admin.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await admin.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
