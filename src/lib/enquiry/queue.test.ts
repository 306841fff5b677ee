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
import { deliverQueuedEnquiries, type QueueMessage } from './queue';
import type { EnquiryRecord, Logger } from './store';

const HOLDERS = ['site.enquiry.delivery', 'site.enquiry.queue', 'site.enquiry.form-token-key'].map((key) =>
  Symbol.for(key),
);
const quiet: Logger = { info() {}, warn() {}, error() {} };

/** The delivery as a Worker loads it: ON_WORKERS is read when the module is evaluated. */
async function loadOnWorkers() {
  vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  vi.resetModules();
  const delivery = await import('./delivery');
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
    formToken: await issueFormToken(),
    website: '',
  };
  return { ...delivery, form };
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
  for (const key of HOLDERS) delete (globalThis as Record<symbol, unknown>)[key];
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const { resetServerConfigForTests } = await import('../server-config');
  resetServerConfigForTests();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the producer: the form action on Workers', () => {
  test('an accepted enquiry is sent to the queue once, as JSON; a resubmission is confirmed again, nothing on disk', async () => {
    vi.stubEnv('ENQUIRY_WEBHOOK_URL', url);
    const { ON_WORKERS, enquiryPipeline, useEnquiryQueue, form } = await loadOnWorkers();
    expect(ON_WORKERS).toBe(true);
    const sent: { body: unknown; options: unknown }[] = [];
    useEnquiryQueue({ send: async (body, options) => void sent.push({ body, options }) });

    const pipeline = await enquiryPipeline();
    const first = await pipeline.submit('contact', form, 'client-1');
    const again = await pipeline.submit('contact', form, 'client-1');

    expect(first).toMatchObject({ result: 'accepted', duplicate: false });
    expect(again).toMatchObject({ result: 'accepted', duplicate: true });
    expect(sent).toEqual([
      {
        body: expect.objectContaining({ kind: 'contact', fields: expect.objectContaining({ countryName: 'Bahrain' }) }),
        options: { contentType: 'json' },
      },
    ]);
    expect(received).toEqual([]); // the webhook is the consumer's business
    expect(await readdir(dir)).toEqual([]);
  });

  test('a queue that cannot take the record: the visitor is told it was not sent', async () => {
    vi.stubEnv('ENQUIRY_WEBHOOK_URL', url);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { enquiryPipeline, useEnquiryQueue, form } = await loadOnWorkers();
    useEnquiryQueue({ send: () => Promise.reject(new Error('queue unavailable')) });
    expect(await (await enquiryPipeline()).submit('contact', form, 'c')).toMatchObject({ result: 'failed' });
  });

  test('without ENQUIRY_WEBHOOK_URL or without the queue binding every enquiry is refused, the reason logged once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [webhook, queue, reason] of [
      ['', true, 'ENQUIRY_WEBHOOK_URL is not set'],
      [url, false, 'the ENQUIRY_QUEUE binding is missing'],
    ] as const) {
      for (const key of HOLDERS) delete (globalThis as Record<symbol, unknown>)[key];
      vi.stubEnv('ENQUIRY_WEBHOOK_URL', webhook);
      const { resetServerConfigForTests } = await import('../server-config');
      resetServerConfigForTests();
      const { enquiryPipeline, useEnquiryQueue, form } = await loadOnWorkers();
      if (queue) useEnquiryQueue({ send: async () => undefined });
      for (const client of ['client-1', 'client-2']) {
        const pipeline = await enquiryPipeline();
        expect(await pipeline.submit('contact', form, client)).toMatchObject({ result: 'failed' });
      }
      expect(errors.mock.calls.filter((call) => String(call[0]).includes(reason))).toHaveLength(1);
    }
  });
});

describe('the consumer: from the queue to the webhook', () => {
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
  const options = () => ({ url, timeoutMs: 2000, retryMs: 1000, maxRetryMs: 30_000 });

  test('a 2xx acknowledges; the webhook sees the record with its id as Idempotency-Key', async () => {
    const one = message(record('a1'));
    await deliverQueuedEnquiries({ messages: [one.queued] }, options(), quiet);
    expect(one.outcome).toEqual({ acked: true });
    expect(received).toEqual([{ body: JSON.stringify(record('a1')), key: 'a1' }]);
  });

  test('a webhook that is down: retried later, doubling per attempt and never more than 30 s apart', async () => {
    statuses = [503, 503, 503, 500];
    const tries = [1, 2, 3, 9].map((attempts) => message(record(`b${attempts}`), attempts));
    await deliverQueuedEnquiries({ messages: tries.map((entry) => entry.queued) }, options(), quiet);
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
    await deliverQueuedEnquiries({ messages: [refused.queued, garbage.queued] }, options(), quiet);
    expect(refused.outcome).toEqual({ acked: false, retried: { delaySeconds: 30 } });
    expect(garbage.outcome).toEqual({ acked: true });

    const unreachable = message(record('c2'));
    await deliverQueuedEnquiries(
      { messages: [unreachable.queued] },
      { ...options(), url: 'http://127.0.0.1:1/hook' },
      quiet,
    );
    expect(unreachable.outcome).toEqual({ acked: false, retried: { delaySeconds: 1 } });
  });
});
