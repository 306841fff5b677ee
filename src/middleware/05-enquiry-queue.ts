import type { MiddlewareHandler } from 'hono';
import { deliverQueuedEnquiries, type QueueBatch } from '../lib/enquiry/queue';
import { serverConfig } from '../lib/server-config';

/** Where scripts/cloudflare/worker.mjs puts a queue batch: a symbol, so no HTTP request can carry one. */
const QUEUE_BATCH = Symbol.for('site.enquiry.queue-batch');

/**
 * On Workers, a queue batch handed over by the Worker's `queue()` handler is delivered to the webhook here,
 * inside the app, with the same settings and code as everything else. It runs right after the settings
 * check and before every HTTP rule: it is not a visitor's request.
 */
export default function enquiryQueue(): MiddlewareHandler {
  return async (c, next) => {
    const batch = (c.env as { [QUEUE_BATCH]?: QueueBatch } | undefined)?.[QUEUE_BATCH];
    if (!batch) return next();
    const { enquiry } = serverConfig();
    await deliverQueuedEnquiries(batch, {
      url: enquiry.webhookUrl ?? '',
      secret: enquiry.webhookSecret,
      timeoutMs: enquiry.webhookTimeoutMs,
      retryMs: enquiry.webhookRetryMs,
      maxRetryMs: enquiry.webhookMaxRetryMs,
    });
    c.res = new Response(null, { status: 204 });
  };
}
