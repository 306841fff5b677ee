import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src/**, scripts/**); Playwright's e2e tests live in tests/e2e.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  esbuild: { jsx: 'automatic' },
  // Unit tests run server modules outside React's server environment, where `server-only` would throw.
  resolve: {
    alias: { 'server-only': fileURLToPath(new URL('../node_modules/server-only/empty.js', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    typecheck: { include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // under CI a `.only` fails the run instead of quietly running one test (scripts/test-report.mjs)
    allowOnly: !process.env.CI,
    // worker threads, not child processes: on this 2-core machine the whole run took 70 s against 85 s with
    // forks, each file's imports made cheaper; it runs beside the builds in `npm test`, so that time is the wait
    pool: 'threads',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
