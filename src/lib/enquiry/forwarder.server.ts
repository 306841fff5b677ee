/**
 * Forwards stored enquiries to a webhook (ENQUIRY_WEBHOOK_URL) in the background, so a slow or dead
 * webhook never holds up a visitor. Delivery is at least once: a record is marked forwarded only after a
 * 2xx answer; every POST carries the enquiry id as `Idempotency-Key` so the receiver can drop repeats.
 *
 * - Webhook unreachable, timing out, 408, 429 or 5xx: stop, wait (retryMs, doubling up to maxRetryMs),
 *   then resume from the oldest unforwarded record. New enquiries keep being stored meanwhile.
 * - Any other answer (4xx, or a 3xx: redirects are not followed): that record is refused, not the webhook;
 *   it stays in the outbox, is logged, and is tried again after the wait, while the records behind it go on.
 */
import type { EnquiryRecord, ForwardingSource, Logger } from './outbox.server';
import { describeWebhookError, postToWebhook, webhookVerdict, type WebhookVerdict } from './webhook-request.server';

export type ForwarderOptions = {
  source: ForwardingSource;
  url: string;
  timeoutMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
  /** When set, each POST is signed: `X-Enquiry-Signature: sha256=<hex HMAC of the body>`. */
  secret?: string;
  logger?: Logger;
};

export class WebhookForwarder {
  private readonly timeoutMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly logger: Logger;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** What the scheduled retry waits for: the webhook to come back, or another try of refused records. */
  private waitingFor: 'webhook' | 'refused' = 'webhook';
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ForwarderOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryMs = options.retryMs ?? 5_000;
    this.maxRetryMs = options.maxRetryMs ?? 300_000;
    this.logger = options.logger ?? console;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.options.source.onStored(() => this.kick());
    this.kick();
  }

  /** Stop forwarding; resolves once the POST in progress (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Look for work now, unless a round is running (it will look again) or a retry is already scheduled. */
  kick(): void {
    if (this.stopped) return;
    if (this.timer) {
      // waiting out an unavailable webhook: the scheduled retry will take the new record too
      if (this.waitingFor === 'webhook') return;
      // only refused records are waiting: a new record need not wait for their next try
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const result = await this.round();
      if (result === 'retry' || result === 'refused') {
        // an unavailable webhook backs off; records it refused are tried again at the longest interval,
        // without slowing the delivery of the others
        this.waitingFor = result === 'retry' ? 'webhook' : 'refused';
        if (result === 'retry') this.failures += 1;
        else this.failures = 0;
        const wait =
          result === 'retry' ? Math.min(this.maxRetryMs, this.retryMs * 2 ** (this.failures - 1)) : this.maxRetryMs;
        if (!this.stopped) {
          this.timer = setTimeout(() => {
            this.timer = undefined;
            this.kick();
          }, wait);
          this.timer.unref?.();
        }
        return;
      }
      this.failures = 0;
    } while (this.again && !this.stopped);
  }

  private async round(): Promise<'done' | 'retry' | 'refused'> {
    const refused = new Set<string>();
    for (;;) {
      if (this.stopped) return 'done';
      let next: EnquiryRecord | undefined;
      for (const record of this.options.source.pending()) {
        if (!refused.has(record.id)) {
          next = record;
          break;
        }
      }
      if (!next) return refused.size > 0 ? 'refused' : 'done';
      const outcome = await this.deliver(next);
      if (outcome === 'unavailable') return 'retry';
      if (outcome === 'refused') {
        refused.add(next.id);
        continue;
      }
      try {
        await this.options.source.markForwarded(next.id);
      } catch (error) {
        this.logger.error(
          `enquiry ${next.id} was forwarded but could not be marked so (it will be sent again):`,
          error,
        );
        return 'retry';
      }
    }
  }

  private async deliver(record: EnquiryRecord): Promise<WebhookVerdict> {
    let status: number;
    try {
      status = await postToWebhook(this.options, record, AbortSignal.timeout(this.timeoutMs));
    } catch (error) {
      if (this.failures === 0)
        this.logger.warn(
          `enquiry webhook unreachable (${describeWebhookError(error)}); will retry, enquiries stay in the outbox`,
        );
      return 'unavailable';
    }
    const verdict = webhookVerdict(status);
    if (verdict === 'unavailable' && this.failures === 0)
      this.logger.warn(`enquiry webhook answered ${status}; will retry, enquiries stay in the outbox`);
    if (verdict === 'refused')
      this.logger.error(
        `enquiry webhook refused enquiry ${record.id} with ${status}; it stays in the outbox and will be retried`,
      );
    return verdict;
  }
}
