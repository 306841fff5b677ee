/**
 * Enquiries on Cloudflare Workers, which have no disk: a Cloudflare Queue is the store.
 *
 * - Producer (`QueueStore`): the form's action puts the record on the queue (binding `ENQUIRY_QUEUE`) once
 *   per configured channel (`webhook`, `team-email`, `visitor-email`), in one `sendBatch`; it resolves once
 *   Queues holds them durably, and only then is the visitor told it arrived.
 * - Consumer (`deliverQueuedEnquiries`, called by the Worker's `queue()` handler): hands each message to its
 *   channel. Delivered acknowledges it; otherwise it is retried later (doubling from ENQUIRY_WEBHOOK_RETRY_MS
 *   up to ENQUIRY_WEBHOOK_RETRY_MAX_MS; a refusal waits the longest); after the consumer's `max_retries`
 *   Queues moves it to the dead-letter queue, where it waits for a person.
 *
 * One message per channel, because Queues retry a message as it was sent (its body cannot be changed): a
 * record carried in one message for all channels would, when only the email failed, post to the webhook
 * again on every retry. Separate messages give each channel its own retries and back-off, as the Node
 * outbox does (outbox.ts), with nothing to re-queue by hand.
 * Queues deliver at least once, so a record can reach a channel twice (and so can a double click that lands
 * on two isolates): every webhook POST carries `Idempotency-Key: <id>`, every email a Message-ID made from
 * the id, for the receiver to drop repeats.
 */
import 'server-only';
import { isRecord, type Deliver, type EnquiryRecord, type EnquiryStore, type Logger, type StoreResult } from './store';

const QUEUE_CHANNELS = ['webhook', 'team-email', 'visitor-email'] as const;
export type QueueChannel = (typeof QUEUE_CHANNELS)[number];

/** What one queue message carries: a record for one channel. */
type ChannelMessage = { channel: QueueChannel; record: EnquiryRecord };

/** The parts of Cloudflare's Queue and MessageBatch types used here. */
export type EnquiryQueue = {
  sendBatch(messages: Iterable<{ body: unknown; contentType?: 'json' }>): Promise<unknown>;
};
export type QueueMessage = {
  readonly body: unknown;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
};
export type QueueBatch = { readonly messages: readonly QueueMessage[] };

/** Enough ids to cover any realistic burst of resubmissions; the oldest are forgotten first. */
const REMEMBERED_IDS = 10_000;

export class QueueStore implements EnquiryStore {
  private readonly queued = new Set<string>();

  constructor(
    private readonly queue: EnquiryQueue,
    private readonly channels: readonly QueueChannel[],
  ) {}

  /** The ids this isolate queued: a double click is confirmed again without counting twice. */
  has(id: string): boolean {
    return this.queued.has(id);
  }

  async put(record: EnquiryRecord): Promise<StoreResult> {
    if (this.queued.has(record.id)) return 'duplicate';
    await this.queue.sendBatch(
      this.channels.map((channel) => ({ body: { channel, record } satisfies ChannelMessage, contentType: 'json' })),
    );
    this.queued.add(record.id);
    if (this.queued.size > REMEMBERED_IDS) this.queued.delete(this.queued.values().next().value!);
    return 'stored';
  }
}

/** A message's channel and record; a bare record is one queued before channels existed: the webhook's. */
function channelMessage(body: unknown): ChannelMessage | undefined {
  if (isRecord(body)) return { channel: 'webhook', record: body };
  if (typeof body !== 'object' || body === null) return undefined;
  const { channel, record } = body as Partial<ChannelMessage>;
  if (!QUEUE_CHANNELS.includes(channel!) || !isRecord(record)) return undefined;
  return { channel: channel!, record };
}

type Timing = { retryMs: number; maxRetryMs: number };

const CHANNEL_NAMES: Record<QueueChannel, string> = {
  webhook: 'the webhook',
  'team-email': "the team's email",
  'visitor-email': 'the acknowledgement email',
};

/** Delivers each message of a batch through its channel (`channels`: the ones configured now). */
export async function deliverQueuedEnquiries(
  batch: QueueBatch,
  channels: Partial<Record<QueueChannel, Deliver>>,
  timing: Timing,
  logger: Logger = console,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = channelMessage(message.body);
    if (!parsed) {
      logger.error('enquiry queue: a message that is not an enquiry record was dropped');
      message.ack();
      continue;
    }
    const { channel, record } = parsed;
    const deliver = channels[channel];
    const { verdict, problem } = deliver
      ? await deliver(record)
      : // its channel was switched off since: kept (retried, then dead-lettered) for a person, never dropped
        { verdict: 'refused' as const, problem: `${CHANNEL_NAMES[channel]} is no longer configured` };
    if (verdict === 'delivered') {
      message.ack();
      logger.info(`enquiry ${record.id} delivered to ${CHANNEL_NAMES[channel]}`);
      continue;
    }
    // Records refused wait the longest interval; an unavailable channel is retried sooner.
    const waitMs =
      verdict === 'refused'
        ? timing.maxRetryMs
        : Math.min(timing.maxRetryMs, timing.retryMs * 2 ** Math.max(0, message.attempts - 1));
    logger.warn(
      `enquiry ${record.id} for ${CHANNEL_NAMES[channel]} (attempt ${message.attempts}): ${problem}; retried in ${waitMs} ms`,
    );
    message.retry({ delaySeconds: Math.ceil(waitMs / 1000) });
  }
}

/** Without a queue or a channel there is nowhere to keep an enquiry: refuse it rather than lose it. */
export function refusingStore(reason: string, logger: Logger = console): EnquiryStore {
  logger.error(`enquiries: ${reason}: every enquiry is refused (the visitor is told it was not sent)`);
  return { has: () => false, put: () => Promise.reject(new Error(reason)) };
}
