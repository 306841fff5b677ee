// The Workers store (put = the webhook call) against a real HTTP receiver on 127.0.0.1: it resolves only
// once the webhook answered 2xx, retries quickly within its time budget, and rejects otherwise.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { EnquiryRecord, Logger } from './outbox.server';
import { RefusingStore, WebhookStore, type WebhookStoreOptions } from './webhook-store.server';

const quiet: Logger = { info() {}, warn() {}, error() {} };

type Received = { headers: http.IncomingHttpHeaders; body: string; status: number | 'hang' };

/** A webhook that records every request; `answer` decides the status of the n-th one (1-based). */
class Receiver {
  readonly received: Received[] = [];
  answer: (count: number) => number | 'hang' = () => 200;
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const status = this.answer(this.received.length + 1);
      this.received.push({ headers: req.headers, body, status });
      if (status !== 'hang') res.writeHead(status).end();
    });
  });

  async start(): Promise<void> {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/enquiries`;
  }
}

const record: EnquiryRecord = {
  v: 1,
  id: 'e115672c9bf8ba5a5fd455533e6ad84e',
  kind: 'contact',
  receivedAt: '2026-11-21T13:17:03.194Z',
  fields: { firstName: 'Aisha', email: 'aisha@bapco.com.bh', message: 'Hello', consent: true },
};

let receiver: Receiver;
beforeEach(async () => {
  receiver = new Receiver();
  await receiver.start();
});
afterEach(async () => {
  await receiver.stop();
});

function store(options: Partial<WebhookStoreOptions> = {}): WebhookStore {
  return new WebhookStore({ url: receiver.url, retryDelayMs: 20, logger: quiet, ...options });
}

describe('WebhookStore', () => {
  test('a 2xx resolves: one POST of the record as JSON, with its id as Idempotency-Key', async () => {
    receiver.answer = () => 202;
    const webhook = store();
    expect(webhook.has(record.id)).toBe(false);

    await expect(webhook.put(record)).resolves.toBe('stored');

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(JSON.parse(request!.body)).toEqual(record);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe(record.id);
    expect(request!.headers['x-enquiry-signature']).toBeUndefined();
    // this isolate remembers it: a resubmission is confirmed without a second POST
    expect(webhook.has(record.id)).toBe(true);
    await expect(webhook.put(record)).resolves.toBe('duplicate');
    expect(receiver.received).toHaveLength(1);
  });

  test('with a secret, the body is signed with HMAC-SHA256', async () => {
    await store({ secret: 'shh' }).put(record);
    const [request] = receiver.received;
    expect(request!.headers['x-enquiry-signature']).toBe(
      `sha256=${createHmac('sha256', 'shh').update(request!.body).digest('hex')}`,
    );
  });

  test('a 500 then a 200 resolves after one retry, both with the same Idempotency-Key', async () => {
    receiver.answer = (count) => (count === 1 ? 500 : 200);
    await expect(store().put(record)).resolves.toBe('stored');
    expect(receiver.received.map((request) => request.status)).toEqual([500, 200]);
    expect(receiver.received.map((request) => request.headers['idempotency-key'])).toEqual([record.id, record.id]);
  });

  test('a webhook that keeps failing rejects after the last try, and the id is not remembered', async () => {
    receiver.answer = () => 503;
    const webhook = store({ attempts: 3 });
    await expect(webhook.put(record)).rejects.toThrow('the webhook answered 503; gave up after 3 tries');
    expect(receiver.received).toHaveLength(3);
    expect(webhook.has(record.id)).toBe(false);
  });

  test('a 4xx refusal rejects at once, without retrying', async () => {
    receiver.answer = () => 400;
    await expect(store().put(record)).rejects.toThrow('the webhook refused it with 400');
    expect(receiver.received).toHaveLength(1);
  });

  test('an unreachable webhook rejects', async () => {
    const url = receiver.url;
    await receiver.stop();
    receiver = new Receiver();
    await receiver.start(); // for afterEach; the old port is closed
    await expect(store({ url, attempts: 2 }).put(record)).rejects.toThrow(/the webhook is unreachable .*2 tries/);
  });

  test('a webhook that does not answer within the time budget rejects', async () => {
    receiver.answer = () => 'hang';
    const started = Date.now();
    await expect(store({ timeoutMs: 300 }).put(record)).rejects.toThrow('the webhook did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(receiver.received).toHaveLength(1); // the budget was spent on the first try
  });

  test('the same id while its delivery is under way counts as known, and is delivered again, not awaited', async () => {
    const webhook = store();
    const first = webhook.put(record);
    expect(webhook.has(record.id)).toBe(true);
    const second = webhook.put(record);
    await expect(first).resolves.toBe('stored');
    await expect(second).resolves.toBe('duplicate');
    expect(receiver.received.map((request) => request.headers['idempotency-key'])).toEqual([record.id, record.id]);
  });
});

describe('RefusingStore', () => {
  test('refuses every enquiry with its reason', async () => {
    const refusing = new RefusingStore('ENQUIRY_WEBHOOK_URL is not set');
    expect(refusing.has()).toBe(false);
    await expect(refusing.put()).rejects.toThrow('ENQUIRY_WEBHOOK_URL is not set');
  });
});
