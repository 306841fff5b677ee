/**
 * The Node server's enquiry store: `enquiries.jsonl` holds every enquiry; each delivery channel has its own
 * file of the ids it has delivered (`forwarded.jsonl` for the webhook, `emailed-team.jsonl` and
 * `emailed-visitor.jsonl` for the two emails). What is in the first and not in a channel's file is that
 * channel's to-do list, across restarts, so a channel that is down holds up no other.
 * All files are readable by the server's user only (they hold people's details).
 */
import 'server-only';
import path from 'node:path';
import { JsonLinesFile, readJsonLines, type LineProblem } from './json-lines-file';
import { isRecord, type EnquiryRecord, type EnquiryStore, type Logger, type StoreResult } from './store';

export interface ForwardingSource {
  /** Stored records this channel has not delivered yet, oldest first. */
  pending(): Iterable<EnquiryRecord>;
  markForwarded(id: string): Promise<void>;
  /** Called after each newly stored record; returns the unsubscribe function. */
  onStored(listener: (record: EnquiryRecord) => void): () => void;
}

/** The ways an enquiry leaves the server; each delivers every record on its own, with its own retries. */
const CHANNELS = ['webhook', 'team-email', 'visitor-email'] as const;
export type ChannelName = (typeof CHANNELS)[number];

export const OUTBOX_FILE = 'enquiries.jsonl';
/** Each channel's record of what it delivered (the webhook's keeps its first name, so old outboxes carry on). */
export const DELIVERED_FILES: Record<ChannelName, string> = {
  webhook: 'forwarded.jsonl',
  'team-email': 'emailed-team.jsonl',
  'visitor-email': 'emailed-visitor.jsonl',
};

function forwardedId(value: unknown): string | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
}

function describe(problem: LineProblem): string {
  return problem.reason === 'torn-tail'
    ? `${problem.file}: line ${problem.line} was cut short (a crash during a write?); skipped, copied to ${path.basename(problem.file)}.torn`
    : `${problem.file}: line ${problem.line} is not a readable record; skipped`;
}

/** One channel's view of the outbox: what it has yet to deliver, and its file of what it delivered. */
export class OutboxChannel implements ForwardingSource {
  /** Records not delivered yet, in the order they were stored. */
  readonly unforwarded = new Map<string, EnquiryRecord>();

  constructor(
    readonly name: ChannelName,
    private readonly delivered: JsonLinesFile,
    private readonly outbox: FileOutbox,
  ) {}

  pending(): Iterable<EnquiryRecord> {
    return this.unforwarded.values();
  }

  get pendingCount(): number {
    return this.unforwarded.size;
  }

  async markForwarded(id: string): Promise<void> {
    await this.delivered.append([{ id, at: new Date().toISOString() }]);
    this.unforwarded.delete(id);
  }

  onStored(listener: (record: EnquiryRecord) => void): () => void {
    return this.outbox.onStored(listener);
  }

  close(): Promise<void> {
    return this.delivered.close();
  }
}

export class FileOutbox implements EnquiryStore {
  private readonly ids = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(record: EnquiryRecord) => void>();
  private readonly channels = new Map<ChannelName, OutboxChannel>();

  private constructor(
    readonly dir: string,
    private readonly records: JsonLinesFile,
    /** What was skipped while reading the files at start (also logged). */
    readonly problems: LineProblem[],
  ) {}

  /**
   * Open the outbox in `dir`, rebuilding the id index and each channel's to-do list from the files. Only the
   * channels named are tracked (those configured): the others' records are not held in memory.
   */
  static async open(
    dir: string,
    logger: Logger = console,
    { channels = ['webhook'] }: { channels?: readonly ChannelName[] } = {},
  ): Promise<FileOutbox> {
    const records = await JsonLinesFile.open(path.join(dir, OUTBOX_FILE));
    const opened: { name: ChannelName; file: Awaited<ReturnType<typeof JsonLinesFile.open>> }[] = [];
    try {
      for (const name of channels)
        opened.push({ name, file: await JsonLinesFile.open(path.join(dir, DELIVERED_FILES[name])) });
    } catch (error) {
      await Promise.all([records.log.close(), ...opened.map(({ file }) => file.log.close())]);
      throw error;
    }
    const { entries, lineNumbers } = records.lines;
    const problems = [...records.lines.problems, ...opened.flatMap(({ file }) => file.lines.problems)];
    entries.forEach((entry, index) => {
      if (!isRecord(entry))
        problems.push({ file: records.log.file, line: lineNumbers[index] ?? 0, reason: 'unreadable' });
    });
    const outbox = new FileOutbox(dir, records.log, problems);
    const done = opened.map(({ name, file }) => {
      outbox.channels.set(name, new OutboxChannel(name, file.log, outbox));
      return { channel: outbox.channels.get(name)!, ids: new Set(file.lines.entries.map(forwardedId)) };
    });
    for (const entry of entries) {
      if (!isRecord(entry) || outbox.ids.has(entry.id)) continue;
      outbox.ids.add(entry.id);
      for (const { channel, ids } of done) if (!ids.has(entry.id)) channel.unforwarded.set(entry.id, entry);
    }
    for (const problem of problems) logger.warn(`enquiry outbox: ${describe(problem)}`);
    return outbox;
  }

  get size(): number {
    return this.ids.size;
  }

  /** A tracked channel (one named when the outbox was opened). */
  channel(name: ChannelName): OutboxChannel {
    const channel = this.channels.get(name);
    if (!channel) throw new Error(`the outbox was opened without the ${name} channel`);
    return channel;
  }

  /** Records not yet delivered, per tracked channel. */
  pendingCounts(): Partial<Record<ChannelName, number>> {
    return Object.fromEntries([...this.channels].map(([name, channel]) => [name, channel.pendingCount]));
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
    for (const channel of this.channels.values()) channel.unforwarded.set(record.id, record);
    for (const listener of this.listeners) listener(record);
    return 'stored';
  }

  onStored(listener: (record: EnquiryRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await Promise.all([this.records.close(), ...[...this.channels.values()].map((channel) => channel.close())]);
  }
}

/** Everything in an outbox folder as it is on disk now (for tests and for people inspecting a server). */
export async function readOutbox(dir: string): Promise<{
  records: EnquiryRecord[];
  delivered: Record<ChannelName, string[]>;
  problems: LineProblem[];
}> {
  const records = await readJsonLines(path.join(dir, OUTBOX_FILE));
  const files = await Promise.all(CHANNELS.map((name) => readJsonLines(path.join(dir, DELIVERED_FILES[name]))));
  const delivered = Object.fromEntries(
    CHANNELS.map((name, index) => [name, files[index]!.entries.map(forwardedId).filter((id) => id !== undefined)]),
  ) as Record<ChannelName, string[]>;
  return {
    records: records.entries.filter(isRecord),
    delivered,
    problems: [...records.problems, ...files.flatMap((file) => file.problems)],
  };
}
