import { defineConfig, devices } from '@playwright/test';
import { findChromium } from '../scripts/find-chromium.mjs';

const chromium = await findChromium();

// Playwright's own browser needs no launch tweaks; Debian's chromium needs these on a closed network as root.
const launchOptions = chromium && !chromium.own
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
  outputDir: process.env.PW_OUTPUT_DIR || '../test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1, // 2 cores: one worker is faster than two (platform notes)
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]] : [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'off',
  },
});
