// Enquiries as they run on Cloudflare Workers (detected by navigator.userAgent, stubbed here): the action
// sends each record to the queue, nothing touches a disk; the queue consumer posts to the webhook, acknowledges
// a 2xx and retries anything else with a capped back-off. The whole path runs in workerd in
// tests/e2e/cloudflare-queue.spec.ts.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { EnquiryBindings } from './delivery';
import { deliverQueuedEnquiries, type EnquiryQueue, type QueueMessage } from './queue';
import type { DeliveryAnswer, EnquiryRecord, Logger } from './store';
import { postToWebhook } from './webhook-request';

type Sent = { body: unknown; contentType?: 'json' }[];

const quiet: Logger = { info() {}, warn() {}, error() {} };

/**
 * A fresh Worker isolate whose first request carried these bindings: its modules loaded anew (ON_WORKERS is
 * read when a module is evaluated) and its site made with them (src/site.ts).
 */
async function loadOnWorkers(bindings: EnquiryBindings) {
  vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  vi.resetModules();
  const { ON_WORKERS } = await import('./delivery');
  const { createSite } = await import('../../site');
  const site = createSite({ runtime: 'workers', bindings });
  const { issueFormToken } = await import('./form-token');
  const form = {
    firstName: 'Aisha',
    lastName: 'Al-Khalifa',
    email: 'aisha@bapco.com.bh',
    company: 'Bapco',
    jobTitle: 'Learning Manager',
    phone: '+973 1700 0000',
    country: 'BH',
    trainingFor: 'team',
    message: 'Please send dates for Q1.',
    subscribe: 'yes',
    consent: 'yes',
    formToken: await issueFormToken(site.keys.formToken),
    website: '',
  };
  return { ON_WORKERS, enquiries: site.enquiries, form };
}

let dir: string;
let statuses: number[];
let received: { body: string; key: string | undefined }[];
let server: http.Server;
let url: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-workers-'));
  vi.stubEnv('ENQUIRY_OUTBOX_DIR', dir);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  statuses = [];
  received = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ body, key: req.headers['idempotency-key'] as string | undefined });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the producer: the form action on Workers', () => {
  test('an accepted enquiry is sent to the queue once, as JSON; a resubmission is confirmed again, nothing on disk', async () => {
    vi.stubEnv('ENQUIRY_WEBHOOK_URL', url);
    const sent: Sent[] = [];
    const { ON_WORKERS, enquiries, form } = await loadOnWorkers({
      ENQUIRY_QUEUE: { sendBatch: async (batch) => void sent.push([...batch]) },
    });
    expect(ON_WORKERS).toBe(true);

    const pipeline = await enquiries.pipeline();
    const first = await pipeline.submit('contact', form, 'client-1');
    const again = await pipeline.submit('contact', form, 'client-1');

    expect(first).toMatchObject({ result: 'accepted', duplicate: false });
    expect(again).toMatchObject({ result: 'accepted', duplicate: true });
    const record = expect.objectContaining({
      kind: 'contact',
      fields: expect.objectContaining({ countryName: 'Bahrain' }),
    });
    expect(sent).toEqual([[{ body: { channel: 'webhook', record }, contentType: 'json' }]]);
    expect(received).toEqual([]); // the webhook is the consumer's business
    expect(await readdir(dir)).toEqual([]);
  });

  test('a queue that cannot take the record: the visitor is told it was not sent', async () => {
    vi.stubEnv('ENQUIRY_WEBHOOK_URL', url);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { enquiries, form } = await loadOnWorkers({
      ENQUIRY_QUEUE: { sendBatch: () => Promise.reject(new Error('queue unavailable')) },
    });
    expect(await (await enquiries.pipeline()).submit('contact', form, 'c')).toMatchObject({ result: 'failed' });
  });

  test('without ENQUIRY_WEBHOOK_URL or without the queue binding every enquiry is refused, the reason logged once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [webhook, queue, reason] of [
      ['', true, 'no delivery is configured'],
      [url, false, 'the ENQUIRY_QUEUE binding is missing'],
    ] as const) {
      vi.stubEnv('ENQUIRY_WEBHOOK_URL', webhook);
      const { enquiries, form } = await loadOnWorkers(
        queue ? { ENQUIRY_QUEUE: { sendBatch: async () => undefined } } : {},
      );
      for (const client of ['client-1', 'client-2']) {
        const pipeline = await enquiries.pipeline();
        expect(await pipeline.submit('contact', form, client)).toMatchObject({ result: 'failed' });
      }
      expect(errors.mock.calls.filter((call) => String(call[0]).includes(reason))).toHaveLength(1);
    }
  });
});

describe('the producer with email on Workers', () => {
  test('with ENQUIRY_EMAIL_* and the send_email binding, and no webhook: accepted, one message per email channel', async () => {
    vi.stubEnv('ENQUIRY_EMAIL_TO', 'team@dilmun.example');
    vi.stubEnv('ENQUIRY_EMAIL_FROM', 'website@dilmun.example');
    const sent: Sent[] = [];
    const queue: EnquiryQueue = { sendBatch: async (batch) => void sent.push([...batch]) };
    const { enquiries, form } = await loadOnWorkers({ ENQUIRY_QUEUE: queue, SEND_EMAIL: {} });
    expect(enquiries.status()).toEqual({ channels: ['email'] });
    const { enquiries: withoutEmail } = await loadOnWorkers({ ENQUIRY_QUEUE: queue });
    expect(withoutEmail.status()).toEqual({ channels: [] }); // the binding missing: no email
    expect(await (await enquiries.pipeline()).submit('contact', form, 'c')).toMatchObject({ result: 'accepted' });
    expect(sent.flat().map((message) => (message.body as { channel: string }).channel)).toEqual([
      'team-email',
      'visitor-email',
    ]);
  });
});

describe('the consumer: from the queue to each channel', () => {
  const record = (id: string): EnquiryRecord => ({
    v: 1,
    id,
    kind: 'call-me-back',
    receivedAt: '2026-11-22T10:00:00.000Z',
    fields: { name: 'Fatima', phone: '+973 3900 0000' },
  });
  function message(body: unknown, attempts = 1) {
    const outcome: { acked: boolean; retried?: { delaySeconds?: number } } = { acked: false };
    const queued: QueueMessage = {
      body,
      attempts,
      ack: () => void (outcome.acked = true),
      retry: (options) => void (outcome.retried = options ?? {}),
    };
    return { queued, outcome };
  }
  const timing = { retryMs: 1000, maxRetryMs: 30_000 };
  const webhook = (target = url) => ({
    webhook: (entry: EnquiryRecord) => postToWebhook({ url: target }, entry, 2000),
  });

  test('a 2xx acknowledges; the webhook sees the record with its id as Idempotency-Key', async () => {
    const one = message(record('a1'));
    await deliverQueuedEnquiries({ messages: [one.queued] }, webhook(), timing, quiet);
    expect(one.outcome).toEqual({ acked: true });
    expect(received).toEqual([{ body: JSON.stringify(record('a1')), key: 'a1' }]);
  });

  test('a webhook that is down: retried later, doubling per attempt and never more than 30 s apart', async () => {
    statuses = [503, 503, 503, 500];
    const tries = [1, 2, 3, 9].map((attempts) => message(record(`b${attempts}`), attempts));
    await deliverQueuedEnquiries({ messages: tries.map((entry) => entry.queued) }, webhook(), timing, quiet);
    expect(tries.map((entry) => entry.outcome)).toEqual([
      { acked: false, retried: { delaySeconds: 1 } },
      { acked: false, retried: { delaySeconds: 2 } },
      { acked: false, retried: { delaySeconds: 4 } },
      { acked: false, retried: { delaySeconds: 30 } },
    ]);
  });

  test('a record the webhook refuses (4xx) waits the longest; an unreachable webhook is retried; garbage is dropped', async () => {
    statuses = [422];
    const refused = message(record('c1'));
    const garbage = message({ hello: 'world' });
    await deliverQueuedEnquiries({ messages: [refused.queued, garbage.queued] }, webhook(), timing, quiet);
    expect(refused.outcome).toEqual({ acked: false, retried: { delaySeconds: 30 } });
    expect(garbage.outcome).toEqual({ acked: true });

    const unreachable = message(record('c2'));
    await deliverQueuedEnquiries({ messages: [unreachable.queued] }, webhook('http://127.0.0.1:1/hook'), timing, quiet);
    expect(unreachable.outcome).toEqual({ acked: false, retried: { delaySeconds: 1 } });
  });

  test('each channel is its own message: a failing email is retried alone, a delivered webhook is not posted again', async () => {
    const answers: DeliveryAnswer[] = [{ verdict: 'unavailable', problem: 'send_email failed' }];
    const emailed: string[] = [];
    const channels = {
      ...webhook(),
      'team-email': async (entry: EnquiryRecord) => {
        emailed.push(entry.id);
        return answers.shift() ?? { verdict: 'delivered' as const, problem: '' };
      },
    };
    const toWebhook = message({ channel: 'webhook', record: record('d1') });
    const toTeam = message({ channel: 'team-email', record: record('d1') });
    await deliverQueuedEnquiries({ messages: [toWebhook.queued, toTeam.queued] }, channels, timing, quiet);
    expect(toWebhook.outcome).toEqual({ acked: true });
    expect(toTeam.outcome).toEqual({ acked: false, retried: { delaySeconds: 1 } });
    const again = message({ channel: 'team-email', record: record('d1') }, 2);
    await deliverQueuedEnquiries({ messages: [again.queued] }, channels, timing, quiet);
    expect(again.outcome).toEqual({ acked: true });
    expect(received).toHaveLength(1);
    expect(emailed).toEqual(['d1', 'd1']);
    // a channel switched off since it was queued: kept (retried at the longest wait), never dropped
    const orphan = message({ channel: 'visitor-email', record: record('d2') });
    await deliverQueuedEnquiries({ messages: [orphan.queued] }, channels, timing, quiet);
    expect(orphan.outcome).toEqual({ acked: false, retried: { delaySeconds: 30 } });
  });

  test("the Worker's queue() job: called directly with the bindings, no request, each channel from the bindings' settings", async () => {
    // what scripts/cloudflare/worker.mjs calls: no HTTP chain, no Waku context, settings from `env` alone
    const { backgroundJobs } = await import('../../background-jobs');
    const sentEmails: { from: string; to: string; raw: string }[] = [];
    const env = {
      ENQUIRY_WEBHOOK_URL: url,
      ENQUIRY_EMAIL_TO: 'team@provider.example',
      ENQUIRY_EMAIL_FROM: 'site@provider.example',
      ENQUIRY_WEBHOOK_RETRY_MS: '2000',
    };
    const toWebhook = message({ channel: 'webhook', record: record('e1') });
    const toTeam = message({ channel: 'team-email', record: record('e1') });
    const retried = message({ channel: 'webhook', record: record('e2') }, 3);
    statuses = [200, 503];
    await backgroundJobs.deliverEnquiryBatch({
      batch: { messages: [toWebhook.queued, toTeam.queued, retried.queued] },
      env,
      sendEmail: async (from, to, raw) => void sentEmails.push({ from, to, raw }),
    });
    expect(toWebhook.outcome).toEqual({ acked: true });
    expect(toTeam.outcome).toEqual({ acked: true });
    // ENQUIRY_WEBHOOK_RETRY_MS from the bindings: 2 s doubled per attempt
    expect(retried.outcome).toEqual({ acked: false, retried: { delaySeconds: 8 } });
    expect(received.map((entry) => entry.key)).toEqual(['e1', 'e2']);
    expect(sentEmails.map(({ from, to }) => [from, to])).toEqual([['site@provider.example', 'team@provider.example']]);
  });

  test('an acknowledgement to a domain in its own script: send_email is given the punycode address the header names', async () => {
    const { backgroundJobs } = await import('../../background-jobs');
    const sentEmails: { from: string; to: string; raw: string }[] = [];
    const env = { ENQUIRY_EMAIL_TO: 'team@provider.example', ENQUIRY_EMAIL_FROM: 'site@provider.example' };
    const toVisitor = message({
      channel: 'visitor-email',
      record: {
        ...record('f1'),
        kind: 'quick-inquiry',
        fields: { name: 'Ali', replyTo: 'ali@بتلكو.البحرين', message: 'Hi' },
      },
    });
    await backgroundJobs.deliverEnquiryBatch({
      batch: { messages: [toVisitor.queued] },
      env,
      sendEmail: async (from, to, raw) => void sentEmails.push({ from, to, raw }),
    });
    expect(toVisitor.outcome).toEqual({ acked: true });
    const punycode = `ali@${new URL('http://بتلكو.البحرين').hostname}`;
    expect(sentEmails.map(({ from, to }) => [from, to])).toEqual([['site@provider.example', punycode]]);
    expect(sentEmails[0]!.raw).toMatch(new RegExp(`^To: ${punycode}\\r$`, 'm'));
  });
});
