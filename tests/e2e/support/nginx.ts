/**
 * Debian's nginx in front of a site, with its default proxy settings (the buffers a real provider's proxy
 * has: `proxy_buffer_size` is one memory page, 4 KB here), on 127.0.0.1, stopped by whoever started it.
 * `npm test` installs Debian's nginx-light when no nginx is found (scripts/test-all.mjs); NGINX_PATH points
 * at another binary.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx } from '../../../scripts/find-nginx.mjs';
import { freePort, onAFreePort, type Site } from './servers';

export async function startNginx(upstream: string): Promise<Site> {
  const nginx = findNginx();
  if (!nginx) throw new Error('No nginx found: `sudo apt-get install -y nginx-light`, or set NGINX_PATH');
  return onAFreePort(() => startNginxOnce(nginx, upstream));
}

async function startNginxOnce(nginx: string, upstream: string): Promise<Site> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  // the defaults of every proxy_* setting; only where it listens, where it writes and what it forwards to
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_set_header Host $host;
    }
  }
}
`,
  );
  const child = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    }
    try {
      // nginx names itself: an answer without its name came from another process on the port (and one that
      // never answers is given up on)
      const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await answer.body?.cancel();
      if (answer.headers.get('server')?.startsWith('nginx')) break;
      throw new Error('not nginx');
    } catch {
      if (attempt === 200) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not start on ${url}:\n${output}`);
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
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}
