// The Worker build (`npm run build:cloudflare`) run locally in workerd through `wrangler dev`, on 127.0.0.1.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, onAFreePort, type Site } from './servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The Worker build; test-all.mjs always makes it. Without it the Worker tests fail (never skip unseen). */
const WORKER_BUILD = path.join(root, 'dist-cloudflare/server/serve-cloudflare.js');

export type Worker = Site & {
  /** Runs the Cron Trigger's `scheduled()` once (`wrangler dev --test-scheduled`) and waits for it. */
  runSchedule(): Promise<void>;
};

/**
 * The Worker's wrangler.jsonc, in a folder of its own (paths made absolute), with the `send_email` binding
 * allowed to send only to these addresses: as Email Routing's binding does, it then refuses any other.
 */
function restrictedEmailConfig(destinations: string[]): { dir: string; file: string } {
  const own = path.join(root, 'scripts/cloudflare');
  const text = readFileSync(path.join(own, 'wrangler.jsonc'), 'utf8')
    .replace('"main": "worker.mjs"', `"main": ${JSON.stringify(path.join(own, 'worker.mjs'))}`)
    .replaceAll('"../../', `"${root}/`)
    .replace(
      '"send_email": [{ "name": "SEND_EMAIL" }]',
      `"send_email": [{ "name": "SEND_EMAIL", "allowed_destination_addresses": ${JSON.stringify(destinations)} }]`,
    );
  if (!text.includes('allowed_destination_addresses')) throw new Error('wrangler.jsonc: no send_email binding');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'worker-config-'));
  const file = path.join(dir, 'wrangler.jsonc');
  writeFileSync(file, text);
  return { dir, file };
}

/**
 * Starts `wrangler dev` with these wrangler vars and waits until /healthz answers 200 (at most 60 s). Local
 * KV (the search index) is kept in `persistTo` (a folder of its own, removed on stop, unless one is given:
 * two Workers given the same folder share one store, as a deployment's isolates do). `logLevel: 'info'`
 * also shows the app's log and where the simulated `send_email` binding wrote each message;
 * `emailDestinations` lets that binding send only there.
 */
export async function startWorker(
  vars: Record<string, string>,
  persistTo?: string,
  options: { logLevel?: 'warn' | 'info'; emailDestinations?: string[] } = {},
): Promise<Worker> {
  return onAFreePort(() => startWorkerOnce(vars, persistTo, options));
}

async function startWorkerOnce(
  vars: Record<string, string>,
  persistTo: string | undefined,
  { logLevel = 'warn', emailDestinations }: { logLevel?: 'warn' | 'info'; emailDestinations?: string[] },
): Promise<Worker> {
  if (!existsSync(WORKER_BUILD)) throw new Error('The Worker build is missing: run `npm run build:cloudflare` first');
  const port = await freePort();
  const ownStore = persistTo ? undefined : mkdtempSync(path.join(os.tmpdir(), 'worker-store-'));
  const config = emailDestinations ? restrictedEmailConfig(emailDestinations) : undefined;
  const wrangler = spawn(
    path.join(root, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '-c',
      config?.file ?? 'scripts/cloudflare/wrangler.jsonc',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(await freePort()),
      '--test-scheduled',
      '--persist-to',
      persistTo ?? ownStore!,
      ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
      '--log-level',
      logLevel, // info: the app's own log, and the simulated send_email binding's file paths
    ],
    {
      cwd: root,
      detached: true, // its own process group: wrangler starts workerd as a child, stop() ends both
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    },
  );
  let output = '';
  wrangler.stdout?.on('data', (chunk) => (output += chunk));
  wrangler.stderr?.on('data', (chunk) => (output += chunk));

  const stop = async () => {
    if (!wrangler.pid || wrangler.exitCode !== null) return;
    const exited = new Promise((resolve) => wrangler.once('exit', resolve));
    process.kill(-wrangler.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (wrangler.exitCode === null) process.kill(-wrangler.pid, 'SIGKILL');
    if (ownStore) rmSync(ownStore, { recursive: true, force: true });
    if (config) rmSync(config.dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || wrangler.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const runSchedule = async () => {
    const response = await fetch(`${url}/__scheduled?cron=${encodeURIComponent('* * * * *')}`);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`scheduled() failed (${response.status}): ${text}\n${output}`);
  };
  return { url, stop, output: () => output, runSchedule };
}
