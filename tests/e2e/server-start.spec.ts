/**
 * The Node server's start-up (src/background-jobs.ts `startNodeServer`, called by scripts/node-server/start.mjs):
 * the settings are read and checked once, before the server listens, and the work that is no visitor's
 * request (the enquiry outbox and its forwarders, the search index's crawl) starts then, not with a request.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, siteEnvFor, startAdmin, startSite, type DemoAdmin } from './support/servers';

const root = path.resolve(import.meta.dirname, '../..');

let admin: DemoAdmin;
test.beforeAll(async () => {
  admin = await startAdmin();
});
test.afterAll(async () => {
  await admin.close();
});

test('a bad setting stops the start with the message naming it, before the server listens', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), 'start'], {
    cwd: root,
    env: {
      ...process.env,
      ...siteEnvFor(admin),
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      CONTENT_CACHE_TTL_MS: 'soon',
      ENQUIRY_WEBHOOK_URL: 'not a url',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

  expect(code).toBe(1);
  expect(output).toContain('The site did not start: Invalid server settings');
  // one message names every bad setting
  expect(output).toContain('CONTENT_CACHE_TTL_MS="soon"');
  expect(output).toContain('ENQUIRY_WEBHOOK_URL="not a url"');
  expect(output).not.toContain('Site ready');
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
});

test('the outbox and the catalogue crawl start with the server, before any page is asked for', async () => {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'start-outbox-'));
  rmSync(outboxDir, { recursive: true });
  admin.resetCounts();
  // startSite waits on /healthz only, which reads no content
  const site = await startSite(admin, { ENQUIRY_OUTBOX_DIR: outboxDir });
  try {
    expect(existsSync(outboxDir)).toBe(true);
    await expect.poll(() => site.output()).toContain(`enquiries: outbox ${outboxDir}`);
    // the crawl reads the catalogue, then each sub-course, with no visitor at all
    await expect
      .poll(
        () =>
          Object.entries(admin.requestCounts())
            .filter(([apiPath]) => apiPath.includes('/course-venue/details/'))
            .reduce((sum, [, count]) => sum + count, 0),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
  } finally {
    await site.stop();
    rmSync(outboxDir, { recursive: true, force: true });
  }
});

test('a SIGTERM sent to `npm start` stops the site itself: nothing is left answering on its port', async () => {
  // a process manager signals the process it started, npm here: the site must not outlive it as an orphan
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...siteEnvFor(admin), HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (response) => response.status,
            () => 0,
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(200);
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await exited;
    // the server's own stop takes a moment after npm has gone
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => 'answering',
            () => 'refused',
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe('refused');
  } finally {
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
  }
});
