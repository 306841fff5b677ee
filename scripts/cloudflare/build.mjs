#!/usr/bin/env node
// `npm run build:cloudflare`: the site as a Cloudflare Worker in dist-cloudflare/ (config:
// scripts/cloudflare/wrangler.jsonc). Waku's Cloudflare adapter writes a default wrangler.jsonc at the repo
// root when none is there; ours lives beside this script, so that generated one is removed again.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const generated = path.join(root, 'wrangler.jsonc');
const hadOwn = existsSync(generated);
const build = spawnSync(path.join(root, 'node_modules/.bin/waku'), ['build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WAKU_ADAPTER: 'cloudflare' },
});
if (!hadOwn) rmSync(generated, { force: true });
process.exit(build.status ?? 1);
