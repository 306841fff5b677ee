/**
 * The enquiry store for hosts without a disk (Cloudflare Workers): `put` IS the delivery. It POSTs the
 * record to the webhook inside the visitor's request and resolves only on a 2xx, so the visitor is told the
 * enquiry arrived only once the webhook has it; otherwise it rejects and the visitor is told it was not sent
 * (their text stays in the form). Nothing is kept to send later: there is nowhere to keep it.
 *
 * - Unreachable, 408, 429 or 5xx: tried again after a short pause (`attempts` in all), as long as the
 *   time budget (`timeoutMs`, shared by all attempts) lasts. A webhook that does not answer within the
 *   budget is a failure: the visitor never waits longer than that.
 * - Any other answer (4xx, 3xx): refused at once; trying the same record again would not change it.
 *
 * `has(id)` knows only the ids this isolate delivered (or is delivering): a best-effort guard against a
 * double click being counted twice by the rate limit. Workers run many isolates, so the same form can still
 * reach the webhook twice; every POST carries `Idempotency-Key: <id>` for the receiver to drop repeats.
 * A put for an id that is already being delivered POSTs again rather than waiting for the first one: in
 * workerd the first request's fetch belongs to that request and dies with it (a browser cancels the first
 * of two quick no-JavaScript submits), so waiting on it could hang the second.
 */
import type { EnquiryRecord, EnquiryStore, Logger, StoreResult } from './outbox.server';
import { describeWebhookError, postToWebhook, webhookVerdict, type WebhookTarget } from './webhook-request.server';

export type WebhookStoreOptions = WebhookTarget & {
  /** The most the visitor waits for the webhook, retries included. */
  timeoutMs?: number;
  /** Tries in all (the first one included). */
  attempts?: number;
  /** Pause before the first retry, doubling for each next one. */
  retryDelayMs?: number;
  logger?: Logger;
};

/** Enough ids to cover any realistic burst of resubmissions; the oldest are forgotten first. */
const REMEMBERED_IDS = 10_000;

export class WebhookStore implements EnquiryStore {
  private readonly delivered = new Set<string>();
  private readonly inFlight = new Map<string, number>();
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  private readonly logger: Logger;

  constructor(private readonly options: WebhookStoreOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.logger = options.logger ?? console;
  }

  has(id: string): boolean {
    return this.delivered.has(id) || this.inFlight.has(id);
  }

  async put(record: EnquiryRecord): Promise<StoreResult> {
    if (this.delivered.has(record.id)) return 'duplicate';
    const repeat = this.inFlight.has(record.id);
    this.inFlight.set(record.id, (this.inFlight.get(record.id) ?? 0) + 1);
    try {
      await this.deliver(record);
    } finally {
      const left = (this.inFlight.get(record.id) ?? 1) - 1;
      if (left > 0) this.inFlight.set(record.id, left);
      else this.inFlight.delete(record.id);
    }
    this.remember(record.id);
    return repeat ? 'duplicate' : 'stored';
  }

  private async deliver(record: EnquiryRecord): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    const signal = AbortSignal.timeout(this.timeoutMs);
    let problem = '';
    for (let attempt = 1; ; attempt += 1) {
      try {
        const status = await postToWebhook(this.options, record, signal);
        const verdict = webhookVerdict(status);
        if (verdict === 'delivered') return;
        if (verdict === 'refused') throw new WebhookRefusal(`the webhook refused it with ${status}`);
        problem = `the webhook answered ${status}`;
      } catch (error) {
        if (error instanceof WebhookRefusal) throw error;
        if (signal.aborted) throw new Error(`the webhook did not answer within ${this.timeoutMs} ms`);
        problem = `the webhook is unreachable (${describeWebhookError(error)})`;
      }
      const pause = this.retryDelayMs * 2 ** (attempt - 1);
      if (attempt >= this.attempts || Date.now() + pause >= deadline) {
        throw new Error(`${problem}; gave up after ${attempt} ${attempt === 1 ? 'try' : 'tries'}`);
      }
      this.logger.warn(`enquiry ${record.id}: ${problem}; trying again`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  private remember(id: string): void {
    this.delivered.add(id);
    if (this.delivered.size > REMEMBERED_IDS) {
      const oldest = this.delivered.values().next().value;
      if (oldest !== undefined) this.delivered.delete(oldest);
    }
  }
}

class WebhookRefusal extends Error {}

/**
 * The store when there is neither a disk nor a webhook: every enquiry is refused (the visitor is told it
 * was not sent), rather than confirmed and lost.
 */
export class RefusingStore implements EnquiryStore {
  constructor(private readonly reason: string) {}

  has(): boolean {
    return false;
  }

  put(): Promise<StoreResult> {
    return Promise.reject(new Error(this.reason));
  }
}
