// The built site for the benchmarks: started as `npm start` does, on a free port of 127.0.0.1, against a given
// admin. Shared by scripts/bench.mjs and scripts/bench-lighthouse.mjs (needs `npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the built site and waits for /healthz (at most 10 s); `stop()` ends it, `pid` is its process (the
 * server runs in it: its memory can be read). `checkout`: another built checkout of the site to run instead
 * (its own scripts and dist/), for a before/after in the same run. Each site keeps its search
 * index in a file of its own (a cold start), unless `env` names one (SEARCH_INDEX_FILE).
 */
export async function startBuiltSite(adminUrl, env = {}, { checkout = root } = {}) {
  const port = await freePort();
  const ownIndex = env.SEARCH_INDEX_FILE ? undefined : mkdtempSync(path.join(os.tmpdir(), 'bench-site-index-'));
  const child = spawn(process.execPath, [path.join(checkout, 'scripts/serve.mjs'), 'start'], {
    cwd: checkout,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_API_URL: adminUrl,
      ...(ownIndex ? { SEARCH_INDEX_FILE: path.join(ownIndex, 'search-index.json') } : {}),
      ...env,
    },
    stdio: 'ignore',
  });
  const cleanUp = () => ownIndex && rmSync(ownIndex, { recursive: true, force: true });
  child.once('exit', cleanUp);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`${url}/healthz`);
      return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('site did not start');
}
