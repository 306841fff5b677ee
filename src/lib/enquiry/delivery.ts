/**
 * The site's one enquiry pipeline and its store, one per process (per isolate on Workers). On Node: the file
 * outbox and one background forwarder per configured channel (the webhook with ENQUIRY_WEBHOOK_URL; the team's
 * email and the visitor's acknowledgement with SMTP_URL). On Cloudflare Workers: the queue
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
import type { EmailSettings } from './email-messages';
import type { EnquiryStore } from './store';

export const ON_WORKERS = RUNTIME === 'workers';

const KEY = Symbol.for('site.enquiry.delivery');
const QUEUE = Symbol.for('site.enquiry.queue');
const OUTBOX = Symbol.for('site.enquiry.outbox');
type Holder = {
  [KEY]?: Promise<EnquiryPipeline>;
  [QUEUE]?: EnquiryQueue;
  [OUTBOX]?: { pendingCounts(): Partial<Record<string, number>> };
};

/** Where enquiries go besides the store, as configured: what /healthz reports and start-up logs. */
function deliveryChannels(config: ServerConfig['enquiry']): ('webhook' | 'email')[] {
  const channels: ('webhook' | 'email')[] = [];
  if (config.webhookUrl) channels.push('webhook');
  // Workers cannot send email yet (their send_email binding is not wired: see decision record 027)
  if (config.email?.smtpUrl && !ON_WORKERS) channels.push('email');
  return channels;
}

/** For /healthz: the configured channels and (Node) how many records each has yet to deliver. */
export function deliveryStatus(): { channels: string[]; pending?: Partial<Record<string, number>> } {
  const channels = deliveryChannels(serverConfig().enquiry);
  const outbox = (globalThis as Holder)[OUTBOX];
  return { channels, ...(outbox ? { pending: outbox.pendingCounts() } : {}) };
}

const NO_CHANNEL =
  'no delivery is configured: set SMTP_URL, ENQUIRY_EMAIL_TO and ENQUIRY_EMAIL_FROM (email) and/or ENQUIRY_WEBHOOK_URL';

/** The provider as the emails introduce it, from the owner's settings. */
function emailSettings(config: ServerConfig): EmailSettings | undefined {
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

async function nodeStore(settings: ServerConfig): Promise<EnquiryStore> {
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
  if (url) {
    const target = { url, secret: config.webhookSecret };
    new Forwarder({
      name: 'enquiry webhook',
      source: outbox.channel('webhook'),
      deliver: (record) => postToWebhook(target, record, config.webhookTimeoutMs),
      ...timing,
    }).start();
  }
  if (smtpSettings) {
    const smtp = smtpChannels(smtpSettings);
    new Forwarder({ name: 'team email', source: outbox.channel('team-email'), deliver: smtp.team, ...timing }).start();
    new Forwarder({
      name: 'acknowledgement email',
      source: outbox.channel('visitor-email'),
      deliver: smtp.visitor,
      ...timing,
    }).start();
  }
  (globalThis as Holder)[OUTBOX] = outbox;
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

async function createPipeline(settings: ServerConfig): Promise<EnquiryPipeline> {
  const config = settings.enquiry;
  const store = ON_WORKERS ? workersStore(config) : await nodeStore(settings);
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
    pipeline = createPipeline(serverConfig());
    holder[KEY] = pipeline;
    pipeline.catch((error: unknown) => {
      console.error('enquiries: could not open the outbox:', error);
      if (holder[KEY] === pipeline) delete holder[KEY];
    });
  }
  return pipeline;
}
