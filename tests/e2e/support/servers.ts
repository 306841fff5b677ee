/**
 * Real servers for the e2e tests: the demo admin (in this process) and the production build of the site
 * (`node dist/serve-node.js`, a child process), both on 127.0.0.1 and both stopped by whoever started them.
 *
 * Every e2e server runs as a real owner's site would: the admin keeps its images on another origin than its
 * API, speaks for a provider that is not the demo's, and the site is configured with that provider's
 * identity (support/identity.ts). The media origin is http://127.0.0.1:<port>, so the site is told about it
 * with MEDIA_ORIGINS (images from https: hosts need no setting; a plain-http origin does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoAdmin } from '../../../scripts/demo-admin/server.mjs';
import { TEST_SITE_IDENTITY } from './identity';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type FaultRule = {
  path: string;
  delayMs?: number;
  status?: number;
  mode?: 'drop' | 'hang' | 'held' | 'invalid-json' | 'wrong-shape' | 'huge' | 'slow-body' | 'redirect';
  bytes?: number;
  location?: string;
  times?: number;
};

export type DemoAdmin = {
  url: string;
  origin: string;
  /** Where the images are: a second origin, not the API's. */
  mediaOrigin: string;
  close(): Promise<void>;
  setFaults(rules: FaultRule[]): void;
  resetFaults(): void;
  /** Answer every request waiting at a `held` rule, and remove those rules. */
  release(): void;
  heldRequests(): number;
  requestCounts(): Record<string, number>;
  resetCounts(): void;
  totalRequests(): number;
  mostInFlight(): number;
  hugeBytesSent(): number;
  editContent(apiPath: string, edit: (data: any) => unknown): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Photos sent since the start (with `photos`: camera-sized JPEGs instead of SVG drawings). */
  mediaRequests(): number;
};

export async function startAdmin(
  options: {
    latencyMs?: number;
    courses?: number;
    categorySize?: number;
    /** Descriptions of at least this many characters, English and Arabic (DEMO_DESCRIPTION_CHARS). */
    descriptionChars?: number;
    photos?: boolean;
    /** 'real-world': real-world course titles with near-copies and Arabic titles (issue 33). */
    catalogue?: 'demo' | 'real-world';
  } = {},
): Promise<DemoAdmin> {
  return startDemoAdmin({
    host: '127.0.0.1',
    port: 0,
    mediaPort: 0,
    providerName: TEST_SITE_IDENTITY.SITE_NAME,
    ...options,
  });
}

/** The settings a site needs for `admin`: its API, where its images are, and the provider's identity. */
export function siteEnvFor(admin: Pick<DemoAdmin, 'url' | 'mediaOrigin'>): Record<string, string> {
  return { ADMIN_API_URL: admin.url, MEDIA_ORIGINS: admin.mediaOrigin, ...TEST_SITE_IDENTITY };
}

export type Site = { url: string; stop(): Promise<void>; output(): string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type StartedSite = Site & {
  /** kill -9: the process ends at once, in the middle of whatever it was doing. */ kill(): Promise<void>;
};

/**
 * Start the production build the way `npm start` does (scripts/serve.mjs) against `admin`.
 * `env` adds settings such as CONTENT_CACHE_TTL_MS. Each site keeps its search index in a file of its own
 * and its enquiries in an outbox of its own (removed when it stops), unless `env` names them (a restart test
 * passes the same file twice).
 */
export async function startSite(
  admin: Pick<DemoAdmin, 'url' | 'mediaOrigin'>,
  env: Record<string, string> = {},
): Promise<StartedSite> {
  return onAFreePort(() => startSiteOnce(admin, env));
}

/**
 * Starts a server on ports `freePort()` found, and again on new ones (three tries in all) when another process
 * took one between the asking and the binding: the other test worker's servers take ports too. Node says
 * EADDRINUSE; workerd and nginx say "Address already in use".
 */
export async function onAFreePort<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt < 3 && error instanceof Error && /EADDRINUSE|Address already in use/.test(error.message)) continue;
      throw error;
    }
  }
}

async function startSiteOnce(
  admin: Pick<DemoAdmin, 'url' | 'mediaOrigin'>,
  env: Record<string, string>,
): Promise<StartedSite> {
  const port = await freePort();
  // each site keeps its resized pictures apart, and they go with it
  const imageDir = path.join(os.tmpdir(), `e2e-site-images-${port}-${process.pid}`);
  // The tests keep the shared site's address in SITE_URL; a site started here must not take it for its own
  // public origin (the SITE_URL setting). Pass it in `env` to set one.
  const { SITE_URL: _sharedSite, ...inherited } = process.env;
  const ownIndexDir = env.SEARCH_INDEX_FILE ? undefined : mkdtempSync(path.join(os.tmpdir(), 'site-index-'));
  // and its enquiries: sites started at once (the other test worker's too) never share the checkout's var/enquiries
  const ownOutboxDir = env.ENQUIRY_OUTBOX_DIR ? undefined : mkdtempSync(path.join(os.tmpdir(), 'site-outbox-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), 'start'], {
    cwd: root,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...siteEnvFor(admin),
      NODE_ENV: 'production',
      // the search index crawls the small demo catalogue in about a second instead of at the production pace
      SEARCH_INDEX_CALLS_PER_MINUTE: '6000',
      IMAGE_CACHE_DIR: imageDir,
      ...(ownIndexDir ? { SEARCH_INDEX_FILE: path.join(ownIndexDir, 'search-index.json') } : {}),
      ...(ownOutboxDir ? { ENQUIRY_OUTBOX_DIR: ownOutboxDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited early (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${url}/healthz`); // touches no content cache
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`site did not start on ${url}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(imageDir, { recursive: true, force: true });
          if (ownIndexDir) rmSync(ownIndexDir, { recursive: true, force: true });
          if (ownOutboxDir) rmSync(ownOutboxDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
        // past the site's own limit for its last save (scripts/serve.mjs)
        setTimeout(() => child.kill('SIGKILL'), 25_000).unref();
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * A fresh admin + site pair with its own cache, for tests that change what the admin does. `faults` apply
 * from the site's first request on: set later, they would race the site's own start-up crawl, which may
 * already have read (and cached) the answer the test means to break.
 */
export async function startPair(
  options: {
    latencyMs?: number;
    courses?: number;
    env?: Record<string, string>;
    faults?: FaultRule[];
    catalogue?: 'demo' | 'real-world';
  } = {},
) {
  const admin = await startAdmin({
    ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
    ...(options.courses ? { courses: options.courses } : {}),
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
  });
  if (options.faults) admin.setFaults(options.faults);
  const site = await startSite(admin, options.env);
  return {
    admin,
    site,
    async stop() {
      await site.stop();
      await admin.close();
    },
  };
}

/**
 * The bytes of `huge` answers the admin wrote, once they stop growing: the site (or the Worker) stopped
 * reading and the socket buffers are full. Polled, not timed, so a loaded machine only takes longer.
 */
export async function hugeBytesOnceStopped(admin: Pick<DemoAdmin, 'hugeBytesSent'>): Promise<number> {
  let last = -1;
  await expect
    .poll(
      () => {
        const sent = admin.hugeBytesSent();
        const stopped = sent === last;
        last = sent;
        return stopped;
      },
      { message: 'the huge answer stops', intervals: [250] },
    )
    .toBe(true);
  return last;
}
