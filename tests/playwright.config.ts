import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from '../scripts/find-chromium.mjs';

const chromium = await findChromium();
// PW_OUTPUT_DIR keeps parallel runs apart; test-all.mjs reads e2e.json from it.
const outputDir = path.resolve(import.meta.dirname, process.env.PW_OUTPUT_DIR || '../test-results');

// Playwright's own browser needs no launch tweaks; Debian's chromium needs these on a closed network as root.
const launchOptions =
  chromium && !chromium.own
    ? {
        executablePath: chromium.path,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ],
      }
    : {};

export default defineConfig({
  testDir: './e2e',
  outputDir,
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1, // 2 cores: one worker is faster than two (platform notes)
  retries: 0,
  // under CI a `.only` fails the run instead of quietly running one test (scripts/test-report.mjs)
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: path.join(outputDir, 'e2e.json') }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'off',
  },
});
