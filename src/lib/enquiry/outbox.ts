/**
 * The Node server's enquiry store: `enquiries.jsonl` holds every enquiry, `forwarded.jsonl` the ids the
 * webhook has acknowledged; what is in the first and not the second is the forwarder's to-do list, across
 * restarts. Both files are readable by the server's user only (they hold people's details).
 */
import 'server-only';
import path from 'node:path';
import { JsonLinesFile, readJsonLines, type LineProblem } from './json-lines-file';
import { isRecord, type EnquiryRecord, type EnquiryStore, type Logger, type StoreResult } from './store';

export interface ForwardingSource {
  /** Stored records the webhook has not acknowledged yet, oldest first. */
  pending(): Iterable<EnquiryRecord>;
  markForwarded(id: string): Promise<void>;
  /** Called after each newly stored record; returns the unsubscribe function. */
  onStored(listener: (record: EnquiryRecord) => void): () => void;
}

export const OUTBOX_FILE = 'enquiries.jsonl';
export const FORWARDED_FILE = 'forwarded.jsonl';

function forwardedId(value: unknown): string | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
}

function describe(problem: LineProblem): string {
  return problem.reason === 'torn-tail'
    ? `${problem.file}: line ${problem.line} was cut short (a crash during a write?); skipped, copied to ${path.basename(problem.file)}.torn`
    : `${problem.file}: line ${problem.line} is not a readable record; skipped`;
}

export class FileOutbox implements EnquiryStore, ForwardingSource {
  private readonly ids = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly unforwarded = new Map<string, EnquiryRecord>();
  private readonly listeners = new Set<(record: EnquiryRecord) => void>();

  private constructor(
    readonly dir: string,
    private readonly records: JsonLinesFile,
    private readonly forwarded: JsonLinesFile,
    /** What was skipped while reading the files at start (also logged). */
    readonly problems: readonly LineProblem[],
    /** Whether a forwarder will take the records: without one, none are held in memory for it. */
    private readonly forwarding: boolean,
  ) {}

  /** Open the outbox in `dir`, rebuilding the id index and the to-forward list from its files. */
  static async open(
    dir: string,
    logger: Logger = console,
    { forwarding = true }: { forwarding?: boolean } = {},
  ): Promise<FileOutbox> {
    const records = await JsonLinesFile.open(path.join(dir, OUTBOX_FILE));
    const forwarded = await JsonLinesFile.open(path.join(dir, FORWARDED_FILE)).catch(async (error: unknown) => {
      await records.log.close();
      throw error;
    });
    const { entries, lineNumbers } = records.lines;
    const problems = [...records.lines.problems, ...forwarded.lines.problems];
    entries.forEach((entry, index) => {
      if (!isRecord(entry))
        problems.push({ file: records.log.file, line: lineNumbers[index] ?? 0, reason: 'unreadable' });
    });
    const outbox = new FileOutbox(dir, records.log, forwarded.log, problems, forwarding);
    const done = new Set(forwarded.lines.entries.map(forwardedId));
    for (const entry of entries) {
      if (!isRecord(entry) || outbox.ids.has(entry.id)) continue;
      outbox.ids.add(entry.id);
      if (forwarding && !done.has(entry.id)) outbox.unforwarded.set(entry.id, entry);
    }
    for (const problem of problems) logger.warn(`enquiry outbox: ${describe(problem)}`);
    return outbox;
  }

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id) || this.inFlight.has(id);
  }

  async put(record: EnquiryRecord): Promise<StoreResult> {
    if (this.ids.has(record.id)) return 'duplicate';
    const earlier = this.inFlight.get(record.id);
    if (earlier) {
      // The same form sent twice at once: one line, both answered once it is on disk.
      await earlier;
      return 'duplicate';
    }
    const write = this.records.append([record]);
    this.inFlight.set(record.id, write);
    try {
      await write;
    } finally {
      this.inFlight.delete(record.id);
    }
    this.ids.add(record.id);
    if (this.forwarding) this.unforwarded.set(record.id, record);
    for (const listener of this.listeners) listener(record);
    return 'stored';
  }

  pending(): Iterable<EnquiryRecord> {
    return this.unforwarded.values();
  }

  get pendingCount(): number {
    return this.unforwarded.size;
  }

  async markForwarded(id: string): Promise<void> {
    await this.forwarded.append([{ id, at: new Date().toISOString() }]);
    this.unforwarded.delete(id);
  }

  onStored(listener: (record: EnquiryRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await Promise.all([this.records.close(), this.forwarded.close()]);
  }
}

/** Everything in an outbox folder as it is on disk now (for tests and for people inspecting a server). */
export async function readOutbox(
  dir: string,
): Promise<{ records: EnquiryRecord[]; forwardedIds: string[]; problems: LineProblem[] }> {
  const records = await readJsonLines(path.join(dir, OUTBOX_FILE));
  const forwarded = await readJsonLines(path.join(dir, FORWARDED_FILE));
  return {
    records: records.entries.filter(isRecord),
    forwardedIds: forwarded.entries.map(forwardedId).filter((id) => id !== undefined),
    problems: [...records.problems, ...forwarded.problems],
  };
}
