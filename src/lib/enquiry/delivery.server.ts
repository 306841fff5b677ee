/**
 * The site's one enquiry pipeline: settings from the environment, the rate limiter, and the store. On Node:
 * the file outbox and, when ENQUIRY_WEBHOOK_URL is set, the background forwarder. On Cloudflare Workers (no
 * disk): the webhook itself, called within the visitor's request. Created on first use and kept on globalThis,
 * so the middleware (which starts it on the first request, to resume forwarding after a restart) and the
 * server actions share it even if the bundler gives them separate module instances.
 */
import path from 'node:path';
import { readEnv } from '../config.server';
import { WebhookForwarder } from './forwarder.server';
import type { EnquiryStore, FileOutbox } from './outbox.server';
import { EnquiryPipeline } from './pipeline.server';
import { RateLimiter } from './rate-limit';
import { RefusingStore, WebhookStore } from './webhook-store.server';

export type EnquiryConfig = {
  outboxDir: string;
  webhookUrl: string | undefined;
  webhookSecret: string | undefined;
  webhookTimeoutMs: number;
  webhookRetryMs: number;
  webhookMaxRetryMs: number;
  rateLimit: number;
  rateWindowMs: number;
  maxBodyBytes: number;
  trustedProxies: number;
};

function readCount(key: string, fallback: number): number {
  const raw = readEnv(key);
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** Defaults suit a real site: 5 enquiries per client per 10 minutes, 64 KB per request, retries from 5 s to 5 min. */
export function enquiryConfig(): EnquiryConfig {
  return {
    outboxDir: path.resolve(readEnv('ENQUIRY_OUTBOX_DIR') ?? path.join('var', 'enquiries')),
    webhookUrl: readEnv('ENQUIRY_WEBHOOK_URL'),
    webhookSecret: readEnv('ENQUIRY_WEBHOOK_SECRET'),
    webhookTimeoutMs: readCount('ENQUIRY_WEBHOOK_TIMEOUT_MS', 10_000),
    webhookRetryMs: readCount('ENQUIRY_WEBHOOK_RETRY_MS', 5_000),
    webhookMaxRetryMs: readCount('ENQUIRY_WEBHOOK_RETRY_MAX_MS', 300_000),
    rateLimit: readCount('ENQUIRY_RATE_LIMIT', 5),
    rateWindowMs: readCount('ENQUIRY_RATE_WINDOW_MS', 600_000),
    maxBodyBytes: readCount('ENQUIRY_MAX_BODY_BYTES', 64 * 1024),
    trustedProxies: readCount('TRUST_PROXY', 0),
  };
}

type Delivery = { pipeline: EnquiryPipeline; outbox: FileOutbox | undefined; forwarder: WebhookForwarder | undefined };

const KEY = Symbol.for('site.enquiry.delivery');
type Holder = { [KEY]?: Promise<Delivery> };

/** Cloudflare Workers have no disk for the file outbox: there the webhook call is the delivery. */
export const ON_WORKERS = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';

function newPipeline(store: EnquiryStore, config: EnquiryConfig): EnquiryPipeline {
  return new EnquiryPipeline({
    store,
    limiter: new RateLimiter(config.rateLimit, config.rateWindowMs),
    maxBytes: config.maxBodyBytes,
  });
}

/** One per isolate (getEnquiryDelivery keeps it), so its log line appears once per isolate. */
function createWorkersDelivery(config: EnquiryConfig): Delivery {
  let store: EnquiryStore;
  if (!config.webhookUrl || !URL.canParse(config.webhookUrl)) {
    const reason = config.webhookUrl
      ? 'ENQUIRY_WEBHOOK_URL is not a valid URL'
      : 'ENQUIRY_WEBHOOK_URL is not set, and a Worker has no disk to keep enquiries on';
    console.error(`enquiries: ${reason}: every enquiry is refused (the visitor is told it was not sent)`);
    store = new RefusingStore(reason);
  } else {
    store = new WebhookStore({
      url: config.webhookUrl,
      timeoutMs: config.webhookTimeoutMs,
      ...(config.webhookSecret ? { secret: config.webhookSecret } : {}),
    });
    console.info(
      `enquiries: delivered straight to the webhook at ${originOf(config.webhookUrl)} (no outbox on Workers)`,
    );
  }
  return { pipeline: newPipeline(store, config), outbox: undefined, forwarder: undefined };
}

async function createDelivery(config: EnquiryConfig): Promise<Delivery> {
  if (ON_WORKERS) return createWorkersDelivery(config);
  // Loaded only here, so a Worker never evaluates the node:fs code it could not use.
  const { FileOutbox } = await import('./outbox.server');
  const outbox = await FileOutbox.open(config.outboxDir, console, { forwarding: Boolean(config.webhookUrl) });
  const pipeline = newPipeline(outbox, config);
  let forwarder: WebhookForwarder | undefined;
  if (config.webhookUrl) {
    forwarder = new WebhookForwarder({
      source: outbox,
      url: config.webhookUrl,
      timeoutMs: config.webhookTimeoutMs,
      retryMs: config.webhookRetryMs,
      maxRetryMs: config.webhookMaxRetryMs,
      ...(config.webhookSecret ? { secret: config.webhookSecret } : {}),
    });
    forwarder.start();
  }
  console.info(
    `enquiries: outbox ${config.outboxDir} (${outbox.size} stored, ${outbox.pendingCount} not yet forwarded)` +
      (config.webhookUrl ? `, forwarding to ${originOf(config.webhookUrl)}` : ', no webhook'),
  );
  return { pipeline, outbox, forwarder };
}

/** Never log the webhook's path or query: they often hold its secret. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid ENQUIRY_WEBHOOK_URL (every delivery will fail until it is fixed)';
  }
}

/**
 * The shared pipeline (one per process; on Workers one per isolate). A failed start (e.g. an unwritable
 * outbox folder) is retried on the next call.
 */
export function getEnquiryDelivery(): Promise<Delivery> {
  const holder = globalThis as Holder;
  let delivery = holder[KEY];
  if (!delivery) {
    delivery = createDelivery(enquiryConfig());
    holder[KEY] = delivery;
    delivery.catch((error: unknown) => {
      console.error('enquiries: could not open the outbox:', error);
      if (holder[KEY] === delivery) delete holder[KEY];
    });
  }
  return delivery;
}
