#!/usr/bin/env node
// Fails when src/lib/admin/admin-api.gen.ts is not what `npm run generate` makes of openapi/admin-api.yaml.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(root, 'src/lib/admin/admin-api.gen.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-check-'));
const fresh = path.join(dir, 'admin-api.gen.ts');
try {
  execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), ['openapi/admin-api.yaml', '-o', fresh], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(
      'src/lib/admin/admin-api.gen.ts is out of date with openapi/admin-api.yaml: run `npm run generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('generated client types: up to date with openapi/admin-api.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
