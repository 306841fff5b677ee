import type { MiddlewareHandler } from 'hono';
import { announceWorkersDelivery, emailSettings, ON_WORKERS, type WorkerBindings } from '../lib/enquiry/delivery';
import { deliverQueuedEnquiries, type QueueBatch, type QueueChannel } from '../lib/enquiry/queue';
import { sendEmailChannels, type SendEmail } from '../lib/enquiry/send-email-delivery';
import type { Deliver } from '../lib/enquiry/store';
import { postToWebhook } from '../lib/enquiry/webhook-request';
import { serverConfig } from '../lib/server-config';

/** Where scripts/cloudflare/worker.mjs puts a queue batch: a symbol, so no HTTP request can carry one. */
const QUEUE_BATCH = Symbol.for('site.enquiry.queue-batch');
/** Where it puts the `send_email` binding wrapped as a `SendEmail` (`cloudflare:email` exists only there). */
const SEND_EMAIL = Symbol.for('site.enquiry.send-email');

type QueueBindings = WorkerBindings & { [QUEUE_BATCH]?: QueueBatch; [SEND_EMAIL]?: SendEmail };

/** The channels the consumer can deliver to now: the webhook, the two emails. */
function consumerChannels(sendEmail: SendEmail | undefined): Partial<Record<QueueChannel, Deliver>> {
  const config = serverConfig();
  const { enquiry } = config;
  const channels: Partial<Record<QueueChannel, Deliver>> = {};
  const url = enquiry.webhookUrl;
  if (url) {
    const target = { url, secret: enquiry.webhookSecret };
    channels.webhook = (record) => postToWebhook(target, record, enquiry.webhookTimeoutMs);
  }
  const settings = emailSettings(config);
  if (settings && sendEmail) {
    const email = sendEmailChannels(settings, sendEmail);
    channels['team-email'] = email.team;
    channels['visitor-email'] = email.visitor;
  }
  return channels;
}

/**
 * On Workers, a queue batch handed over by the Worker's `queue()` handler is delivered here, inside the app,
 * with the same settings and code as everything else: each message to its channel (the webhook, the team's
 * email, the visitor's acknowledgement). It runs right after the settings check and before every HTTP rule:
 * it is not a visitor's request. Any other request on Workers first says (once per isolate) where enquiries
 * go, so a Worker with no channel says so in its log at once rather than at the first enquiry.
 */
export default function enquiryQueue(): MiddlewareHandler {
  return async (c, next) => {
    const bindings = c.env as QueueBindings | undefined;
    const batch = bindings?.[QUEUE_BATCH];
    if (!batch) {
      if (ON_WORKERS) announceWorkersDelivery(bindings);
      return next();
    }
    const { enquiry } = serverConfig();
    await deliverQueuedEnquiries(batch, consumerChannels(bindings[SEND_EMAIL]), {
      retryMs: enquiry.webhookRetryMs,
      maxRetryMs: enquiry.webhookMaxRetryMs,
    });
    c.res = new Response(null, { status: 204 });
  };
}
