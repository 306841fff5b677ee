/**
 * The Worker's queue consumer: scripts/cloudflare/worker.mjs `queue()` calls `deliverEnquiryBatch` directly
 * (through the server entry's background jobs), with the Worker's bindings. Each message goes to its channel
 * (the webhook, the team's email, the visitor's acknowledgement) and is acknowledged or retried on its own
 * (queue.ts). It is not a request: no HTTP chain, no render; the settings are parsed from the bindings with
 * the same parser as everything else.
 */
import 'server-only';
import { parseServerConfig, type Env, type ServerConfig } from '../server-config';
import { emailSettings } from './delivery';
import { deliverQueuedEnquiries, type QueueBatch, type QueueChannel } from './queue';
import { createContentSource } from '../admin/content-source';
import type { EmbeddedFonts } from '../documents/pdf-writer';
import { sendEmailChannels, type SendEmail } from './send-email-delivery';
import { quotationMaker } from './team-attachments';
import type { Deliver } from './store';
import { postToWebhook } from './webhook-request';

/** The channels the consumer can deliver to now: the webhook, the two emails. */
function consumerChannels(config: ServerConfig, sendEmail: SendEmail | undefined) {
  const { enquiry } = config;
  const channels: Partial<Record<QueueChannel, Deliver>> = {};
  const url = enquiry.webhookUrl;
  if (url) {
    const target = { url, secret: enquiry.webhookSecret };
    channels.webhook = (record) => postToWebhook(target, record, enquiry.webhookTimeoutMs);
  }
  const settings = emailSettings(config);
  if (settings && sendEmail) {
    // parsed with the batch's first quotation, once for the batch
    let parsed: Promise<EmbeddedFonts> | undefined;
    const fonts = () =>
      (parsed ??= import('../documents/pdf-writer').then(({ loadEmbeddedFonts }) => loadEmbeddedFonts()));
    // this batch's own look at the admin (no site is made in a queue's isolate): the phone the site shows
    const { baseUrl, timeoutMs, maxResponseBytes } = config.admin;
    const admin = baseUrl
      ? createContentSource({ baseUrl, timeoutMs, maxBytes: maxResponseBytes, ttlMs: 60_000, retryMs: 0 })
      : undefined;
    const adminPhone = async () => {
      const answer = await admin?.getSettings();
      return answer?.ok ? answer.data.phone : undefined;
    };
    const email = sendEmailChannels(settings, sendEmail, { adminPhone, quotation: quotationMaker(config, fonts) });
    channels['team-email'] = email.team;
    channels['visitor-email'] = email.visitor;
  }
  return channels;
}

/**
 * `sendEmail`: the `send_email` binding wrapped as a plain function by the Worker's own entry, because
 * `cloudflare:email`'s EmailMessage can only be imported there, not in the app's Vite build.
 */
export async function deliverEnquiryBatch({
  batch,
  env,
  sendEmail,
}: {
  batch: QueueBatch;
  env: Env;
  sendEmail?: SendEmail | undefined;
}): Promise<void> {
  const config = parseServerConfig(env, 'workers');
  const { enquiry } = config;
  await deliverQueuedEnquiries(batch, consumerChannels(config, sendEmail), {
    retryMs: enquiry.webhookRetryMs,
    maxRetryMs: enquiry.webhookMaxRetryMs,
  });
}
