// The built site for the benchmarks: started as `npm start` does, on a free port of 127.0.0.1, against a given
// admin. Shared by scripts/bench.mjs and scripts/bench-lighthouse.mjs (needs `npm run build`).
import { spawn } from 'node:child_process';
import net from 'node:net';
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

/** Starts the built site and waits for /healthz (at most 10 s); `stop()` ends it. */
export async function startBuiltSite(adminUrl, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), 'start'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ADMIN_API_URL: adminUrl, ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`${url}/healthz`);
      return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('site did not start');
}
