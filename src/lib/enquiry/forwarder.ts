/**
 * Delivers one channel's share of the outbox (the webhook, the team's email, the visitor's acknowledgement)
 * in the background, so a slow or dead receiver never holds up a visitor, and one channel's outage holds up
 * no other (each has its own forwarder and its own file of what it delivered). Delivery is at least once:
 * a record is marked delivered only after the receiver took it; each carries a stable identity (the
 * webhook's `Idempotency-Key`, the email's `Message-ID`) so the receiver can drop repeats.
 *
 * - Unavailable (unreachable, timing out, webhook 408/429/5xx, SMTP 4xx): stop, wait (retryMs, doubling up
 *   to maxRetryMs, 30 s by default, so a recovered receiver is reached within that), then resume from the
 *   oldest record.
 * - Refused (webhook 3xx/4xx, SMTP 5xx): that record is refused, not the channel; it stays in the outbox,
 *   is logged, and is tried again after maxRetryMs, while the others go on.
 * - A newly stored enquiry is tried at once, also while a wait is under way.
 */
import 'server-only';
import type { ForwardingSource } from './outbox';
import type { Deliver, Logger } from './store';

type ForwarderOptions = {
  /** For the log: "enquiry webhook", "team email"… */
  name: string;
  source: ForwardingSource;
  deliver: Deliver;
  retryMs?: number;
  maxRetryMs?: number;
  logger?: Logger;
};

export class Forwarder {
  private readonly logger: Logger;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;
  /** When the webhook last refused a record (4xx): it is tried again after maxRetryMs. */
  private readonly refusedAt = new Map<string, number>();

  constructor(private readonly options: ForwarderOptions) {
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

  /** Look for work now (a scheduled retry is brought forward), or again right after the round under way. */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
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
      if (result === 'done') {
        this.failures = 0;
        continue;
      }
      // an unavailable webhook backs off; records it refused wait the longest interval
      const { retryMs = 5_000, maxRetryMs = 30_000 } = this.options;
      this.failures = result === 'unavailable' ? this.failures + 1 : 0;
      const wait = result === 'unavailable' ? Math.min(maxRetryMs, retryMs * 2 ** (this.failures - 1)) : maxRetryMs;
      if (!this.stopped && !this.again) {
        this.timer = setTimeout(() => this.kick(), wait);
        this.timer.unref?.();
      }
    } while (this.again && !this.stopped);
  }

  private async round(): Promise<'done' | 'unavailable' | 'refused'> {
    const { maxRetryMs = 30_000 } = this.options;
    // a record the webhook refused waits its turn; the ones behind it go on
    const resting = (id: string) => (this.refusedAt.get(id) ?? -Infinity) > Date.now() - maxRetryMs;
    for (;;) {
      if (this.stopped) return 'done';
      let next;
      let waiting = false;
      for (const record of this.options.source.pending()) {
        if (!resting(record.id)) {
          next = record;
          break;
        }
        waiting = true;
      }
      if (!next) return waiting ? 'refused' : 'done';
      let answer;
      try {
        answer = await this.options.deliver(next);
      } catch (error) {
        // a bug in building the delivery, not the receiver's answer: the record waits like a refused one
        answer = { verdict: 'refused' as const, problem: `it could not be prepared (${String(error)})` };
      }
      const { verdict, problem } = answer;
      if (verdict === 'unavailable') {
        if (this.failures === 0)
          this.logger.warn(`${this.options.name}: ${problem}; will retry, enquiries stay in the outbox`);
        return 'unavailable';
      }
      if (verdict === 'refused') {
        this.logger.error(
          `enquiry ${next.id} (${this.options.name}): ${problem}; it stays in the outbox and will be retried`,
        );
        this.refusedAt.set(next.id, Date.now());
        continue;
      }
      this.refusedAt.delete(next.id);
      try {
        await this.options.source.markForwarded(next.id);
      } catch (error) {
        this.logger.error(
          `enquiry ${next.id} was delivered (${this.options.name}) but could not be marked so (it will be sent again):`,
          error,
        );
        return 'unavailable';
      }
    }
  }
}
