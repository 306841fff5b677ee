// The webhook forwarder against a real HTTP receiver on 127.0.0.1 that the tests stop and restart on the
// same port, and a real outbox in a temp folder: nothing is lost while the webhook is away.
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Forwarder } from './forwarder';
import { FileOutbox, readOutbox } from './outbox';
import type { EnquiryRecord, Logger } from './store';
import { postToWebhook } from './webhook-request';

const quiet: Logger = { info() {}, warn() {}, error() {} };

type Received = { id: string; headers: http.IncomingHttpHeaders; body: string };

/** A webhook that records what it receives; `answer` decides the status per request. */
class Receiver {
  readonly received: Received[] = [];
  /** Every request, whatever it was answered. */
  requests = 0;
  answer: (record: EnquiryRecord) => number | 'hang' = () => 200;
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    const server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        this.requests += 1;
        const record = JSON.parse(body) as EnquiryRecord;
        const status = this.answer(record);
        if (status === 'hang') return; // never answers: the forwarder's timeout has to fire
        if (status >= 200 && status < 300) this.received.push({ id: record.id, headers: req.headers, body });
        res.writeHead(status).end();
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Kill it: stop listening and cut every open connection, as a crashed webhook would. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/enquiries`;
  }

  ids(): Set<string> {
    return new Set(this.received.map((entry) => entry.id));
  }
}

function record(index: number): EnquiryRecord {
  return {
    v: 1,
    id: `enquiry-${String(index).padStart(3, '0')}`,
    kind: 'contact',
    receivedAt: new Date(Date.UTC(2026, 10, 20, 10, 0, index)).toISOString(),
    fields: { firstName: `Visitor ${index}`, message: 'Please send dates.' },
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let dir: string;
let outbox: FileOutbox;
let receiver: Receiver;
let forwarder: Forwarder | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-forwarder-'));
  outbox = await FileOutbox.open(dir, quiet);
  receiver = new Receiver();
  await receiver.start();
});

afterEach(async () => {
  await forwarder?.stop();
  forwarder = undefined;
  await receiver.stop();
  await outbox.close();
  await rm(dir, { recursive: true, force: true });
});

function startForwarder(
  options: { secret?: string; timeoutMs?: number; retryMs?: number; maxRetryMs?: number } = {},
): Forwarder {
  const { secret, timeoutMs = 10_000, ...timing } = options;
  forwarder = new Forwarder({
    name: 'enquiry webhook',
    source: outbox.channel('webhook'),
    deliver: (record) => postToWebhook({ url: receiver.url, secret }, record, timeoutMs),
    retryMs: 20,
    maxRetryMs: 100,
    logger: quiet,
    ...timing,
  });
  forwarder.start();
  return forwarder;
}

describe('Forwarder', () => {
  test('forwards every stored enquiry once, as JSON with its id as the idempotency key, and marks it forwarded', async () => {
    startForwarder({ secret: 'shared-secret' });
    for (let index = 0; index < 5; index += 1) await outbox.put(record(index));
    await until(() => outbox.channel('webhook').pendingCount === 0, 'all forwarded');

    expect(receiver.received.map((entry) => entry.id)).toEqual([0, 1, 2, 3, 4].map((index) => record(index).id));
    const first = receiver.received[0]!;
    expect(JSON.parse(first.body)).toEqual(record(0));
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['idempotency-key']).toBe(record(0).id);
    expect(first.headers['x-enquiry-signature']).toBe(
      `sha256=${createHmac('sha256', 'shared-secret').update(first.body).digest('hex')}`,
    );
    expect((await readOutbox(dir)).delivered.webhook).toEqual(receiver.received.map((entry) => entry.id));
  });

  test('the webhook killed mid-way: every enquiry, including those stored while it was down, arrives after it returns', async () => {
    const total = 60;
    let served = 0;
    let killed: Promise<void> | undefined;
    receiver.answer = () => {
      served += 1;
      if (served === 20) killed = receiver.stop(); // dies while answering the 20th
      return 200;
    };
    const port = receiver.port;
    startForwarder();
    await Promise.all(Array.from({ length: 30 }, (_, index) => outbox.put(record(index))));
    await until(() => killed !== undefined, 'the webhook to die');
    await killed;

    // While it is down: visitors' enquiries are still stored, nothing more is marked forwarded.
    await Promise.all(Array.from({ length: total - 30 }, (_, index) => outbox.put(record(30 + index))));
    const forwardedWhileDown = (await readOutbox(dir)).delivered.webhook.length;
    expect(forwardedWhileDown).toBeLessThan(total);
    expect(outbox.channel('webhook').pendingCount).toBe(total - forwardedWhileDown);
    expect((await readOutbox(dir)).records).toHaveLength(total);

    // It comes back on the same address.
    receiver.answer = () => 200;
    await receiver.start(port);
    await until(() => outbox.channel('webhook').pendingCount === 0, 'everything forwarded after the webhook returned');

    const expected = new Set(Array.from({ length: total }, (_, index) => record(index).id));
    expect(receiver.ids()).toEqual(expected);
    expect(new Set((await readOutbox(dir)).delivered.webhook)).toEqual(expected);
  });

  test('a restarted server forwards what the previous one had not', async () => {
    receiver.answer = () => 503; // the webhook is failing while the first server runs
    startForwarder();
    for (let index = 0; index < 3; index += 1) await outbox.put(record(index));
    await forwarder!.stop();
    await outbox.close();
    expect(receiver.received).toHaveLength(0);

    outbox = await FileOutbox.open(dir, quiet);
    receiver.answer = () => 200;
    startForwarder();
    await until(() => outbox.channel('webhook').pendingCount === 0, 'the backlog forwarded');
    expect([...receiver.ids()].sort()).toEqual([0, 1, 2].map((index) => record(index).id));
  });

  test('a webhook that hangs times out and is retried; the enquiry arrives once it answers', async () => {
    let calls = 0;
    receiver.answer = () => (++calls <= 2 ? 'hang' : 200);
    startForwarder({ timeoutMs: 150 });
    await outbox.put(record(1));
    await until(() => outbox.channel('webhook').pendingCount === 0, 'forwarded after the hangs');
    expect(calls).toBe(3);
    expect(receiver.received.map((entry) => entry.id)).toEqual([record(1).id]);
  });

  test('an enquiry the webhook refuses (4xx) does not hold up the others, and is retried later', async () => {
    let refusals = 0;
    receiver.answer = (entry) => (entry.id === record(1).id && ++refusals <= 2 ? 422 : 200);
    startForwarder();
    for (let index = 0; index < 4; index += 1) await outbox.put(record(index));
    await until(() => outbox.channel('webhook').pendingCount === 0, 'all forwarded');
    const order = receiver.received.map((entry) => entry.id);
    expect(order.indexOf(record(2).id)).toBeLessThan(order.indexOf(record(1).id));
    expect(new Set(order)).toEqual(new Set([0, 1, 2, 3].map((index) => record(index).id)));
  });

  test('a record the webhook refuses does not hold back the ones stored after it', async () => {
    receiver.answer = (sent) => (sent.id === record(1).id ? 400 : 200);
    // long intervals: a new record must not wait for them
    startForwarder({ retryMs: 60_000, maxRetryMs: 60_000 });
    await outbox.put(record(1));
    await until(() => outbox.channel('webhook').pendingCount === 1, 'the refused record waiting');
    await new Promise((resolve) => setTimeout(resolve, 100)); // its retry is now scheduled, a minute away
    await outbox.put(record(2));
    await until(
      () => receiver.ids().has(record(2).id) && outbox.channel('webhook').pendingCount === 1,
      'the next record forwarded at once',
      2_000,
    );
    // the refused one stays in the outbox for a later try
    expect([...outbox.channel('webhook').pending()].map((entry) => entry.id)).toEqual([record(1).id]);
  });

  test('a webhook back after a long outage is reached within 30 s, and a new enquiry is tried at once', async () => {
    receiver.answer = () => 503;
    // the default back-off: 5 s doubling, capped at 30 s
    startForwarder({ retryMs: 5_000, maxRetryMs: 30_000 });
    await outbox.put(record(1));
    await until(() => receiver.requests >= 1, 'the first try');
    receiver.answer = () => 200;
    // while the forwarder waits out the outage, a new enquiry brings the next try forward
    await outbox.put(record(2));
    await until(
      () => outbox.channel('webhook').pendingCount === 0,
      'both forwarded without waiting out the back-off',
      2_000,
    );
    expect(receiver.ids()).toEqual(new Set([record(1).id, record(2).id]));
  });
});
