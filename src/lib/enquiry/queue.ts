/**
 * Enquiries on Cloudflare Workers, which have no disk: a Cloudflare Queue is the store.
 *
 * - Producer (`QueueStore`): the form's action sends the record to the queue (binding `ENQUIRY_QUEUE`);
 *   `send` resolves once Queues holds it durably, and only then is the visitor told it arrived.
 * - Consumer (`deliverQueuedEnquiries`, called by the Worker's `queue()` handler): POSTs each record to the
 *   webhook, the same request as the Node forwarder's. A 2xx acknowledges it; otherwise it is retried later
 *   (doubling from ENQUIRY_WEBHOOK_RETRY_MS up to ENQUIRY_WEBHOOK_RETRY_MAX_MS); after the consumer's
 *   `max_retries` Queues moves it to the dead-letter queue, where it waits for a person.
 * Queues deliver at least once, so a record can reach the webhook twice (and so can a double click that
 * lands on two isolates): every POST carries `Idempotency-Key: <id>` for the receiver to drop repeats.
 */
import 'server-only';
import type { EnquiryRecord, EnquiryStore, Logger, StoreResult } from './store';
import { isRecord } from './store';
import { postToWebhook, type WebhookTarget } from './webhook-request';

/** The parts of Cloudflare's Queue and MessageBatch types used here. */
export type EnquiryQueue = { send(body: unknown, options?: { contentType?: 'json' }): Promise<unknown> };
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

  constructor(private readonly queue: EnquiryQueue) {}

  /** The ids this isolate queued: a double click is confirmed again without counting twice. */
  has(id: string): boolean {
    return this.queued.has(id);
  }

  async put(record: EnquiryRecord): Promise<StoreResult> {
    if (this.queued.has(record.id)) return 'duplicate';
    await this.queue.send(record, { contentType: 'json' });
    this.queued.add(record.id);
    if (this.queued.size > REMEMBERED_IDS) this.queued.delete(this.queued.values().next().value!);
    return 'stored';
  }
}

type ConsumerOptions = WebhookTarget & { timeoutMs: number; retryMs: number; maxRetryMs: number };

export async function deliverQueuedEnquiries(
  batch: QueueBatch,
  options: ConsumerOptions,
  logger: Logger = console,
): Promise<void> {
  for (const message of batch.messages) {
    if (!isRecord(message.body)) {
      logger.error('enquiry queue: a message that is not an enquiry record was dropped');
      message.ack();
      continue;
    }
    const record = message.body;
    const { verdict, problem } = await postToWebhook(options, record, options.timeoutMs);
    if (verdict === 'delivered') {
      message.ack();
      logger.info(`enquiry ${record.id} delivered to the webhook`);
      continue;
    }
    // Records the webhook refused wait the longest interval; an unavailable webhook is retried sooner.
    const waitMs =
      verdict === 'refused'
        ? options.maxRetryMs
        : Math.min(options.maxRetryMs, options.retryMs * 2 ** Math.max(0, message.attempts - 1));
    logger.warn(`enquiry ${record.id} (attempt ${message.attempts}): ${problem}; retried in ${waitMs} ms`);
    message.retry({ delaySeconds: Math.ceil(waitMs / 1000) });
  }
}

/** Without a queue or a webhook there is nowhere to keep an enquiry: refuse it rather than lose it. */
export function refusingStore(reason: string, logger: Logger = console): EnquiryStore {
  logger.error(`enquiries: ${reason}: every enquiry is refused (the visitor is told it was not sent)`);
  return { has: () => false, put: () => Promise.reject(new Error(reason)) };
}
