// The delivery wiring as it runs on Cloudflare Workers (detected by navigator.userAgent, stubbed here): no
// outbox and no forwarder, the webhook is the store; without a webhook every enquiry is refused, said once.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { newFormToken } from './form-token';

const HOLDER = Symbol.for('site.enquiry.delivery');

function validContact(): Record<string, unknown> {
  return {
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
    formToken: newFormToken(),
    website: '',
  };
}

/** delivery.server as a Worker loads it: ON_WORKERS is read when the module is evaluated. */
async function loadOnWorkers() {
  vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  vi.resetModules();
  return import('./delivery.server');
}

let dir: string;
let bodies: string[];
let server: http.Server;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-workers-'));
  vi.stubEnv('ENQUIRY_OUTBOX_DIR', dir);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  bodies = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  delete (globalThis as { [HOLDER]?: unknown })[HOLDER];
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('enquiry delivery on Cloudflare Workers', () => {
  test('with ENQUIRY_WEBHOOK_URL the webhook is the store: accepted once it has the record, nothing on disk', async () => {
    vi.stubEnv('ENQUIRY_WEBHOOK_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    const { ON_WORKERS, getEnquiryDelivery } = await loadOnWorkers();
    expect(ON_WORKERS).toBe(true);

    const delivery = await getEnquiryDelivery();
    expect(delivery.outbox).toBeUndefined();
    expect(delivery.forwarder).toBeUndefined();
    const outcome = await delivery.pipeline.submit('contact', validContact(), 'client-1');

    expect(outcome).toMatchObject({ result: 'accepted', duplicate: false });
    expect(bodies.map((body) => JSON.parse(body) as unknown)).toEqual([
      expect.objectContaining({ kind: 'contact', fields: expect.objectContaining({ email: 'aisha@bapco.com.bh' }) }),
    ]);
    expect(await readdir(dir)).toEqual([]);
  });

  test('without ENQUIRY_WEBHOOK_URL every enquiry is refused as not sent, and the reason is logged once', async () => {
    vi.stubEnv('ENQUIRY_WEBHOOK_URL', '');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { getEnquiryDelivery } = await loadOnWorkers();
    const { serverConfig } = await import('../server-config');
    expect(serverConfig().enquiry.webhookUrl).toBeUndefined();

    for (const client of ['client-1', 'client-2']) {
      const { pipeline } = await getEnquiryDelivery();
      expect(await pipeline.submit('contact', validContact(), client)).toMatchObject({ result: 'failed' });
    }

    const reasons = errors.mock.calls.filter((call) => String(call[0]).includes('ENQUIRY_WEBHOOK_URL is not set'));
    expect(reasons).toHaveLength(1);
    expect(bodies).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});
