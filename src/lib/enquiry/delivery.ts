/**
 * The site's enquiries (one per site object, src/site.ts: per process, per isolate on Workers): the pipeline
 * and its store. On Node: the file outbox and one background forwarder per configured channel (the webhook
 * with ENQUIRY_WEBHOOK_URL; the team's email and the visitor's acknowledgement with SMTP_URL). On Cloudflare
 * Workers: the queue, one message per channel (its binding arrives with the isolate's first request, which
 * makes the site), delivered by the queue consumer (queue-consumer.ts); email there goes through the
 * `send_email` binding. Node's start-up (src/background-jobs.ts) opens it with the server; the server actions
 * use the same one.
 */
import 'server-only';
import path from 'node:path';
import { RUNTIME, type ServerConfig } from '../server-config';
import { AcknowledgementLimits } from './acknowledgement-limits';
import { EnquiryPipeline } from './pipeline';
import { QueueStore, refusingStore, type EnquiryQueue, type QueueChannel } from './queue';
import { RateLimiter } from './rate-limit';
import type { EmailSettings } from './email-messages';
import type { ChannelName, FileOutbox } from './outbox';
import type { EmailSources } from './provider-contact';
import type { Deliver, EnquiryStore } from './store';

export const ON_WORKERS = RUNTIME === 'workers';

/** The Worker's bindings enquiries use (scripts/cloudflare/wrangler.jsonc). */
export type EnquiryBindings = { ENQUIRY_QUEUE?: EnquiryQueue; SEND_EMAIL?: unknown };

/**
 * Where enquiries go besides the store, as configured: what /healthz reports and start-up logs. Email on
 * Node needs SMTP_URL; on Workers the `send_email` binding (`SEND_EMAIL`), whose presence the request tells.
 */
function deliveryChannels(config: ServerConfig['enquiry'], bindings?: EnquiryBindings): ('webhook' | 'email')[] {
  const channels: ('webhook' | 'email')[] = [];
  if (config.webhookUrl) channels.push('webhook');
  if (config.email && (ON_WORKERS ? Boolean(bindings?.SEND_EMAIL) : Boolean(config.email.smtpUrl)))
    channels.push('email');
  return channels;
}

/** The queue's channels on Workers: each configured one, an email one per message. */
function queueChannels(config: ServerConfig['enquiry'], bindings?: EnquiryBindings): QueueChannel[] {
  return deliveryChannels(config, bindings).flatMap((channel) =>
    channel === 'webhook' ? (['webhook'] as const) : (['team-email', 'visitor-email'] as const),
  );
}

const NO_CHANNEL =
  'no delivery is configured: set SMTP_URL, ENQUIRY_EMAIL_TO and ENQUIRY_EMAIL_FROM (email) and/or ENQUIRY_WEBHOOK_URL';
const NO_CHANNEL_ON_WORKERS =
  'no delivery is configured: set ENQUIRY_EMAIL_TO and ENQUIRY_EMAIL_FROM with the SEND_EMAIL (send_email) ' +
  'binding, and/or ENQUIRY_WEBHOOK_URL';

/** The provider as the emails introduce it, from the owner's settings. */
export function emailSettings(config: ServerConfig): EmailSettings | undefined {
  const { email } = config.enquiry;
  if (!email) return undefined;
  const { site } = config;
  return {
    from: email.from,
    to: email.to,
    replyTime: email.replyTime,
    provider: {
      name: site.name ?? site.domain ?? email.from.slice(email.from.lastIndexOf('@') + 1),
      phone: site.phone,
      email: site.email,
      address: site.address,
    },
    siteUrl: site.url ?? (site.domain ? `https://${site.domain}` : undefined),
  };
}

/**
 * Workers have no start-up of their own: the first request of an isolate says where enquiries will go, or
 * that they can go nowhere (then every enquiry is refused: without a channel a queue could deliver nothing).
 */
function announceWorkersDelivery(config: ServerConfig, bindings: EnquiryBindings | undefined): void {
  const { webhookUrl, email } = config.enquiry;
  const channels = deliveryChannels(config.enquiry, bindings);
  if (!bindings?.ENQUIRY_QUEUE)
    console.error('enquiries: the ENQUIRY_QUEUE binding is missing; every enquiry is refused');
  else if (channels.length === 0) console.error(`enquiries: ${NO_CHANNEL_ON_WORKERS}; every enquiry is refused`);
  else
    console.info(
      'enquiries: queued, then ' +
        [
          ...(webhookUrl ? [`delivered to the webhook at ${new URL(webhookUrl).origin}`] : []),
          ...(channels.includes('email') ? [`emailed to ${email!.to.join(', ')} through send_email`] : []),
        ].join(' and '),
    );
  if (email && !bindings?.SEND_EMAIL)
    console.warn('enquiries: ENQUIRY_EMAIL_TO/FROM are set but the SEND_EMAIL binding is missing: no email is sent');
}

function workersStore(config: ServerConfig['enquiry'], bindings: EnquiryBindings | undefined): EnquiryStore {
  const queue = bindings?.ENQUIRY_QUEUE;
  const channels = queueChannels(config, bindings);
  // the isolate's first request said why already (announceWorkersDelivery)
  const said = { info() {}, warn() {}, error() {} };
  if (!queue) return refusingStore('the ENQUIRY_QUEUE binding is missing (scripts/cloudflare/wrangler.jsonc)', said);
  if (channels.length === 0) return refusingStore(NO_CHANNEL_ON_WORKERS, said);
  return new QueueStore(queue, channels);
}

async function nodeStore(settings: ServerConfig, emailSources: EmailSources): Promise<FileOutbox> {
  const config = settings.enquiry;
  // Loaded only here, so a Worker never evaluates the node:fs and SMTP code it could not use.
  const [{ FileOutbox }, { Forwarder }, { smtpChannels }, { postToWebhook }] = await Promise.all([
    import('./outbox'),
    import('./forwarder'),
    import('./smtp-delivery'),
    import('./webhook-request'),
  ]);
  const { webhookUrl: url, email } = config;
  const smtpSettings = email?.smtpUrl
    ? { ...emailSettings(settings)!, url: email.smtpUrl, timeoutMs: email.timeoutMs }
    : undefined;
  const channels = [
    ...(url ? (['webhook'] as const) : []),
    ...(smtpSettings ? (['team-email', 'visitor-email'] as const) : []),
  ];
  const outbox = await FileOutbox.open(path.resolve(config.outboxDir), console, { channels });
  const timing = { retryMs: config.webhookRetryMs, maxRetryMs: config.webhookMaxRetryMs };
  const forward = (name: string, channel: ChannelName, deliver: Deliver) =>
    new Forwarder({ name, source: outbox.channel(channel), deliver, ...timing }).start();
  if (url) {
    const target = { url, secret: config.webhookSecret };
    forward('enquiry webhook', 'webhook', (record) => postToWebhook(target, record, config.webhookTimeoutMs));
  }
  if (smtpSettings) {
    const smtp = smtpChannels(smtpSettings, emailSources);
    forward('team email', 'team-email', smtp.team);
    forward('acknowledgement email', 'visitor-email', smtp.visitor);
  }
  const pending = Object.entries(outbox.pendingCounts())
    .map(([name, count]) => `${count} for ${name}`)
    .join(', ');
  console.info(
    `enquiries: outbox ${config.outboxDir} (${outbox.size} stored${pending ? `; not yet delivered: ${pending}` : ''})` +
      // never log the webhook's path or query, nor the SMTP password: they are secrets
      (url ? `, forwarding to ${new URL(url).origin}` : '') +
      (smtpSettings ? `, emailing ${smtpSettings.to.join(', ')} through ${new URL(smtpSettings.url).host}` : ''),
  );
  if (channels.length === 0) console.warn(`enquiries: ${NO_CHANNEL}; they are kept in the outbox and reach nobody`);
  return outbox;
}

function createPipeline(
  settings: ServerConfig,
  store: EnquiryStore,
  formTokenKey: Promise<CryptoKey>,
): EnquiryPipeline {
  const config = settings.enquiry;
  return new EnquiryPipeline({
    store,
    formTokenKey,
    limiter: new RateLimiter(config.rateLimit, config.rateWindowMs),
    networkLimiter: new RateLimiter(config.networkRateLimit, config.rateWindowMs),
    // in memory: per process on Node, per isolate on Workers (record 034)
    acknowledgementLimits: new AcknowledgementLimits(config.acknowledgementLimits),
    maxBytes: config.maxBodyBytes,
  });
}

/**
 * The site's enquiries: its pipeline, opened on first use (Node's start opens it), and where they go. On
 * Workers the isolate's first request, which makes the site, also says where enquiries will go.
 */
export function createEnquiries({
  settings,
  bindings,
  formTokenKey,
  email,
}: {
  settings: ServerConfig;
  /** Workers: the bindings of the isolate's first request. */
  bindings: EnquiryBindings | undefined;
  /** The site's form-token key: the pipeline refuses a form the site did not render. */
  formTokenKey: Promise<CryptoKey>;
  /** Node: what the emails take from the site as they are sent (the Worker's queue consumer has its own). */
  email: EmailSources;
}) {
  if (ON_WORKERS) announceWorkersDelivery(settings, bindings);
  let opened: Promise<EnquiryPipeline> | undefined;
  /** Node: the file outbox, for /healthz's pending counts. */
  let outbox: FileOutbox | undefined;
  return {
    /** The shared pipeline. A failed start (e.g. an unwritable outbox folder) is retried on the next call. */
    pipeline(): Promise<EnquiryPipeline> {
      let pipeline = opened;
      if (!pipeline) {
        const opening = (async () => {
          if (ON_WORKERS) return createPipeline(settings, workersStore(settings.enquiry, bindings), formTokenKey);
          outbox = await nodeStore(settings, email);
          return createPipeline(settings, outbox, formTokenKey);
        })();
        opened = pipeline = opening;
        opening.catch((error: unknown) => {
          console.error('enquiries: could not open the outbox:', error);
          if (opened === opening) opened = undefined;
        });
      }
      return pipeline;
    },
    /** For /healthz: the configured channels and (Node) how many records each has yet to deliver. */
    status(): { channels: string[]; pending?: Partial<Record<string, number>> } {
      const channels = deliveryChannels(settings.enquiry, bindings);
      return { channels, ...(outbox ? { pending: outbox.pendingCounts() } : {}) };
    },
  };
}
