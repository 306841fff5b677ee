// The site object (issue 30): every service is made once per process (per isolate on Workers), and everything
// that asks for one gets that one.
import { afterEach, describe, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A fresh process: the modules evaluated anew (the runtime is read when a module is evaluated). */
async function freshProcess({ onWorkers = false } = {}) {
  if (onWorkers) vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  vi.resetModules();
  return import('./site');
}

describe('the site object', () => {
  test('made twice in one process is an error: two caches or outboxes would each see half of the traffic', async () => {
    const { createSite } = await freshProcess();
    createSite({ runtime: 'node' });
    expect(() => createSite({ runtime: 'node' })).toThrow(/made once per process/);
  });

  test('every caller gets the same services: made on first use where nothing made it at start', async () => {
    vi.stubEnv('ADMIN_API_URL', 'http://127.0.0.1:9/api');
    const { site, createSite } = await freshProcess();
    const first = site();
    expect(site()).toBe(first);
    expect(site().content.source).toBe(first.content.source);
    expect(site().search).toBe(first.search);
    expect(site().pageCache.made).toBe(first.pageCache.made);
    expect(site().enquiries).toBe(first.enquiries);
    expect(await site().keys.formToken).toBe(await first.keys.formToken);
    expect(() => createSite({ runtime: 'node' })).toThrow(/made once per process/);
  });

  test('on Workers the isolate’s first request makes it with its bindings; nothing makes one without them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { site, siteFor } = await freshProcess({ onWorkers: true });
    // a queue or cron job in a fresh isolate reads its settings from its own env, never a site without bindings
    expect(() => site()).toThrow(/first request/);
    const queue = { sendBatch: async () => undefined };
    const first = siteFor({ ENQUIRY_QUEUE: queue });
    expect(first.platform).toEqual({ runtime: 'workers', bindings: { ENQUIRY_QUEUE: queue } });
    expect(siteFor({})).toBe(first); // a later request's bindings are the isolate's same ones
    expect(site()).toBe(first);
  });
});
