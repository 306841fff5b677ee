import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findTestBrowser, launchOptionsFor } from '../scripts/find-chromium.mjs';

// Chromium's headless shell where there is one (scripts/find-chromium.mjs, record 044)
const browser = await findTestBrowser();
// PW_OUTPUT_DIR keeps parallel runs apart; test-all.mjs reads e2e.json from it.
const outputDir = path.resolve(import.meta.dirname, process.env.PW_OUTPUT_DIR || '../test-results');

export default defineConfig({
  testDir: './e2e',
  outputDir,
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time: in the headless shell one worker leaves a core idle (record 044). The whole e2e suite
  // on 2 cores: 17.4 min with one worker, 15.1 with two; 16.0 with two while a CPU-bound process holds a core.
  // Files run whole in one worker; specs that need their own admin, site or Worker start their own.
  workers: 2,
  retries: 0,
  // under CI a `.only` fails the run instead of quietly running one test (scripts/test-report.mjs)
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: path.join(outputDir, 'e2e.json') }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: launchOptionsFor(browser),
    trace: 'off',
  },
});
