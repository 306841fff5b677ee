/**
 * The site's one enquiry pipeline: settings from the environment, the rate limiter, and the store. On Node:
 * the file outbox and, when ENQUIRY_WEBHOOK_URL is set, the background forwarder. On Cloudflare Workers (no
 * disk): the webhook itself, called within the visitor's request. Created on first use and kept on globalThis,
 * so the middleware (which starts it on the first request, to resume forwarding after a restart) and the
 * server actions share it even if the bundler gives them separate module instances.
 */
import path from 'node:path';
import { RUNTIME, serverConfig, type ServerConfig } from '../server-config';
import { WebhookForwarder } from './forwarder.server';
import type { EnquiryStore, FileOutbox } from './outbox.server';
import { EnquiryPipeline } from './pipeline.server';
import { RateLimiter } from './rate-limit';
import { RefusingStore, WebhookStore } from './webhook-store.server';

export type EnquiryConfig = ServerConfig['enquiry'];

type Delivery = { pipeline: EnquiryPipeline; outbox: FileOutbox | undefined; forwarder: WebhookForwarder | undefined };

const KEY = Symbol.for('site.enquiry.delivery');
type Holder = { [KEY]?: Promise<Delivery> };

/** Cloudflare Workers have no disk for the file outbox: there the webhook call is the delivery. */
export const ON_WORKERS = RUNTIME === 'workers';

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
  const outbox = await FileOutbox.open(path.resolve(config.outboxDir), console, {
    forwarding: Boolean(config.webhookUrl),
  });
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
    delivery = createDelivery(serverConfig().enquiry);
    holder[KEY] = delivery;
    delivery.catch((error: unknown) => {
      console.error('enquiries: could not open the outbox:', error);
      if (holder[KEY] === delivery) delete holder[KEY];
    });
  }
  return delivery;
}
