// The file outbox on a real temp folder: one line per record, concurrent appends never interleave, a line
// torn by a crash is skipped and reported without spoiling what comes after, and the index survives restarts.
import { appendFile, chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileOutbox, DELIVERED_FILES, OUTBOX_FILE, readOutbox } from './outbox';
import type { EnquiryRecord, Logger } from './store';

function record(id: string, message = 'Hello'): EnquiryRecord {
  return { v: 1, id, kind: 'quick-inquiry', receivedAt: '2026-11-20T10:00:00.000Z', fields: { name: 'Ali', message } };
}

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = { info() {}, error() {}, warn: (message: string) => warnings.push(message) };
  return { logger, warnings };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-outbox-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileOutbox', () => {
  test('creates its folder and writes one JSON line per record, synced before put resolves', async () => {
    const nested = path.join(dir, 'var', 'enquiries');
    const outbox = await FileOutbox.open(nested, recordingLogger().logger);
    expect(await outbox.put(record('a'))).toBe('stored');
    // what put promised is on disk now, before close
    const text = await readFile(path.join(nested, OUTBOX_FILE), 'utf8');
    expect(text.split('\n')).toEqual([JSON.stringify(record('a')), '']);
    await outbox.close();
  });

  test.skipIf(process.platform === 'win32')(
    'the records are readable by their owner only: files 0600, folder 0700, also when they existed before',
    async () => {
      const fresh = path.join(dir, 'fresh');
      const old = path.join(dir, 'old');
      await mkdir(old, { mode: 0o755 });
      await writeFile(path.join(old, OUTBOX_FILE), '', { mode: 0o644 });
      await chmod(old, 0o755);
      await chmod(path.join(old, OUTBOX_FILE), 0o644);
      for (const folder of [fresh, old]) {
        const outbox = await FileOutbox.open(folder, recordingLogger().logger);
        await outbox.put(record('a'));
        await outbox.channel('webhook').markForwarded('a');
        await outbox.close();
        expect((await stat(folder)).mode & 0o777, folder).toBe(0o700);
        for (const file of [OUTBOX_FILE, DELIVERED_FILES.webhook])
          expect((await stat(path.join(folder, file))).mode & 0o777, `${folder}/${file}`).toBe(0o600);
      }
    },
  );

  test('200 concurrent puts of large records are 200 whole lines', async () => {
    const outbox = await FileOutbox.open(dir, recordingLogger().logger);
    const big = 'x'.repeat(20_000); // larger than a pipe buffer: interleaving would show
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) => outbox.put(record(`id-${index}`, `${index}:${big}`))),
    );
    expect(results.every((result) => result === 'stored')).toBe(true);
    await outbox.close();
    const lines = (await readFile(path.join(dir, OUTBOX_FILE), 'utf8')).split('\n').filter(Boolean);
    expect(lines).toHaveLength(200);
    const parsed = lines.map((line) => JSON.parse(line) as EnquiryRecord);
    expect(new Set(parsed.map((entry) => entry.id)).size).toBe(200);
    expect(parsed.every((entry) => entry.fields.message === `${entry.id.slice(3)}:${big}`)).toBe(true);
  });

  test('after a restart the index is rebuilt: a stored id is a duplicate, and unforwarded records are still pending', async () => {
    const first = await FileOutbox.open(dir, recordingLogger().logger);
    await first.put(record('a'));
    await first.put(record('b'));
    await first.put(record('c'));
    await first.channel('webhook').markForwarded('b');
    await first.close();

    const second = await FileOutbox.open(dir, recordingLogger().logger);
    expect(second.size).toBe(3);
    expect(await second.put(record('a'))).toBe('duplicate');
    expect([...second.channel('webhook').pending()].map((entry) => entry.id)).toEqual(['a', 'c']);
    await second.close();
    expect((await readOutbox(dir)).records).toHaveLength(3);
  });

  test('a line torn by a crash mid-write is skipped, reported, kept aside, and the next record starts clean', async () => {
    const file = path.join(dir, OUTBOX_FILE);
    const torn = JSON.stringify(record('torn')).slice(0, 40);
    await writeFile(file, `${JSON.stringify(record('a'))}\n${JSON.stringify(record('b'))}\n${torn}`);
    const { logger, warnings } = recordingLogger();

    const outbox = await FileOutbox.open(dir, logger);
    expect(outbox.size).toBe(2);
    expect(outbox.problems).toEqual([{ file, line: 3, reason: 'torn-tail' }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('line 3 was cut short');
    expect(await readFile(`${file}.torn`, 'utf8')).toBe(`${torn}\n`);

    expect(await outbox.put(record('c'))).toBe('stored');
    await outbox.close();
    const after = await readOutbox(dir);
    expect(after.problems).toEqual([]);
    expect(after.records.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
  });

  test('even a complete-looking last line without its newline was never confirmed, so it is not resurrected', async () => {
    const file = path.join(dir, OUTBOX_FILE);
    await writeFile(file, `${JSON.stringify(record('a'))}\n${JSON.stringify(record('unconfirmed'))}`);
    const outbox = await FileOutbox.open(dir, recordingLogger().logger);
    expect(outbox.has('unconfirmed')).toBe(false);
    await outbox.close();
    expect((await readOutbox(dir)).records.map((entry) => entry.id)).toEqual(['a']);
  });

  test('an unreadable line in the middle is skipped and reported; the records around it are kept', async () => {
    const file = path.join(dir, OUTBOX_FILE);
    await writeFile(
      file,
      `${JSON.stringify(record('a'))}\n{"garbage\n${JSON.stringify(record('b'))}\n{"id":"no-kind"}\n`,
    );
    const { logger, warnings } = recordingLogger();
    const outbox = await FileOutbox.open(dir, logger);
    expect([...outbox.channel('webhook').pending()].map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(warnings).toEqual([
      expect.stringContaining('line 2 is not a readable record'),
      expect.stringContaining('line 4 is not a readable record'),
    ]);
    await outbox.close();
  });

  test('a torn line in the forwarded log only means that record is sent again', async () => {
    const outbox = await FileOutbox.open(dir, recordingLogger().logger);
    await outbox.put(record('a'));
    await outbox.put(record('b'));
    await outbox.channel('webhook').markForwarded('a');
    await outbox.close();
    await appendFile(path.join(dir, DELIVERED_FILES.webhook), '{"id":"b","at":"2026');
    const reopened = await FileOutbox.open(dir, recordingLogger().logger);
    expect([...reopened.channel('webhook').pending()].map((entry) => entry.id)).toEqual(['b']);
    await reopened.close();
  });
});

describe('without a webhook', () => {
  test('records are stored and de-duplicated, but none are held in memory for forwarding', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-noforward-'));
    try {
      const outbox = await FileOutbox.open(dir, recordingLogger().logger, { channels: [] });
      const stored = record('a1');
      expect(await outbox.put(stored)).toBe('stored');
      expect(await outbox.put(stored)).toBe('duplicate');
      expect(outbox.size).toBe(1);
      expect(outbox.pendingCounts()).toEqual({});
      expect(() => outbox.channel('webhook')).toThrow(/without the webhook channel/);
      const reopened = await FileOutbox.open(dir, recordingLogger().logger, { channels: [] });
      expect(reopened.size).toBe(1);
      expect(reopened.pendingCounts()).toEqual({});
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
