/**
 * The site's one enquiry pipeline and its store, one per process (per isolate on Workers). On Node: the file
 * outbox and, when ENQUIRY_WEBHOOK_URL is set, the background forwarder. On Cloudflare Workers: the queue
 * (its binding arrives with each request, see src/middleware/enquiry-requests.ts). Kept on globalThis, so the
 * middleware (which starts it when the server starts) and the server actions share it even if the bundler
 * gives them separate module instances.
 */
import 'server-only';
import path from 'node:path';
import { RUNTIME, serverConfig, type ServerConfig } from '../server-config';
import { EnquiryPipeline } from './pipeline';
import { QueueStore, refusingStore, type EnquiryQueue } from './queue';
import { RateLimiter } from './rate-limit';
import type { EnquiryStore } from './store';

export const ON_WORKERS = RUNTIME === 'workers';

const KEY = Symbol.for('site.enquiry.delivery');
const QUEUE = Symbol.for('site.enquiry.queue');
type Holder = { [KEY]?: Promise<EnquiryPipeline>; [QUEUE]?: EnquiryQueue };

/** Workers: the queue binding (`ENQUIRY_QUEUE`) as the request handed it over. */
export function useEnquiryQueue(queue: EnquiryQueue | undefined): void {
  if (queue) (globalThis as Holder)[QUEUE] ??= queue;
}

function workersStore(config: ServerConfig['enquiry']): EnquiryStore {
  const queue = (globalThis as Holder)[QUEUE];
  if (!config.webhookUrl) return refusingStore('ENQUIRY_WEBHOOK_URL is not set, so the queue could deliver nothing');
  if (!queue) return refusingStore('the ENQUIRY_QUEUE binding is missing (scripts/cloudflare/wrangler.jsonc)');
  console.info(`enquiries: queued, then delivered to the webhook at ${new URL(config.webhookUrl).origin}`);
  return new QueueStore(queue);
}

async function createPipeline(config: ServerConfig['enquiry']): Promise<EnquiryPipeline> {
  let store: EnquiryStore;
  if (ON_WORKERS) {
    store = workersStore(config);
  } else {
    // Loaded only here, so a Worker never evaluates the node:fs code it could not use.
    const [{ FileOutbox }, { WebhookForwarder }] = await Promise.all([import('./outbox'), import('./forwarder')]);
    const { webhookUrl: url } = config;
    const outbox = await FileOutbox.open(path.resolve(config.outboxDir), console, { forwarding: Boolean(url) });
    if (url) {
      new WebhookForwarder({
        source: outbox,
        url,
        secret: config.webhookSecret,
        timeoutMs: config.webhookTimeoutMs,
        retryMs: config.webhookRetryMs,
        maxRetryMs: config.webhookMaxRetryMs,
      }).start();
    }
    console.info(
      `enquiries: outbox ${config.outboxDir} (${outbox.size} stored, ${outbox.pendingCount} not yet forwarded)` +
        // never log the webhook's path or query: they often hold its secret
        (url ? `, forwarding to ${new URL(url).origin}` : ', no webhook'),
    );
    store = outbox;
  }
  return new EnquiryPipeline({
    store,
    limiter: new RateLimiter(config.rateLimit, config.rateWindowMs),
    maxBytes: config.maxBodyBytes,
  });
}

/** The shared pipeline. A failed start (e.g. an unwritable outbox folder) is retried on the next call. */
export function enquiryPipeline(): Promise<EnquiryPipeline> {
  const holder = globalThis as Holder;
  let pipeline = holder[KEY];
  if (!pipeline) {
    pipeline = createPipeline(serverConfig().enquiry);
    holder[KEY] = pipeline;
    pipeline.catch((error: unknown) => {
      console.error('enquiries: could not open the outbox:', error);
      if (holder[KEY] === pipeline) delete holder[KEY];
    });
  }
  return pipeline;
}
