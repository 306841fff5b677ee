#!/usr/bin/env node
// `npm test`: typecheck, formatting, generated-client check and unused code (knip) side by side; then the unit
// tests beside the production and Worker builds (and, as root on Debian, the installing of what the e2e tests
// need); then the e2e tests in Chromium (with the W3C HTML checker, which needs Java, and nginx).
// Ends with one summary line "tests: N passed, N failed, N skipped"; under CI (CI set) a skipped test or a
// `.only` fails the run (scripts/test-report.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEBIAN_HEADLESS_SHELL, findChromium, findTestBrowser } from './find-chromium.mjs';
import { findJava, JAVA_INSTALL_HINT } from './find-java.mjs';
import { findNginx } from './find-nginx.mjs';
import { playwrightCounts, suiteVerdict, vitestCounts } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = path.join(root, 'test-results');
const ci = Boolean(process.env.CI);
let passed = 0;
let failed = 0;
let skipped = 0;

/**
 * Runs one step. Steps that run side by side (`live` false) keep their output and print it whole when they
 * end, under their title; a `live` step prints as it goes. Settles with whether the step passed.
 */
function step(title, command, args, { env = {}, live = false } = {}) {
  if (live) console.log(`\n=== ${title}`);
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      if (!live) {
        console.log(`\n=== ${title}`);
        process.stdout.write(Buffer.concat(output));
      }
      // how long each step took, so a slow run says where its time went
      console.log(
        `=== ${title}: ${code === 0 ? 'done' : 'failed'} after ${Math.round((Date.now() - startedAt) / 1000)} s`,
      );
      resolve(code === 0);
    });
  });
}

function summary(code) {
  const verdict = suiteVerdict({ passed, failed, skipped }, { ci });
  if (!verdict.ok) console.error(`\nThe suite fails: ${verdict.problems.join('; ')}.`);
  console.log(`\n${verdict.line}`);
  process.exit(code === 0 && verdict.ok ? 0 : 1);
}

/** Adds a runner's counts; a runner that failed without a failed test (a crash, a `.only`) counts as one. */
function count(counts, runnerOk) {
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  if (!runnerOk && counts.failed === 0) failed += 1;
}

/** Counts each check as one test; any that failed ends the run. */
function checked(results) {
  for (const ok of results) {
    if (ok) passed += 1;
    else failed += 1;
  }
  if (results.includes(false)) summary(1);
}

rmSync(results, { recursive: true, force: true });

// The steps run side by side where one does not need another's result: on two cores, one of them busy with
// other work, the suite then gets more than the one core a step at a time would use.
checked(
  await Promise.all([
    step('typecheck', bin('tsc'), ['--noEmit']),
    step('formatting (prettier)', bin('prettier'), [
      '--check',
      '--log-level',
      'warn',
      'src/**/*.{ts,tsx,css}',
      '!src/lib/admin/admin-api.gen.ts', // generated: openapi-typescript's own formatting
      'scripts/**/*.{mjs,ts}',
      'tests/**/*.ts',
      'waku.config.ts',
    ]),
    step('generated client is up to date', process.execPath, ['scripts/check-generated.mjs']),
    step('nothing unused (knip)', bin('knip'), []),
  ]),
);

// What the e2e tests need from Debian, installed (as root, where missing) while the unit tests and builds run:
// the pages open in Chromium's headless shell (a third of the full browser's CPU, record 044), the
// back/forward cache spec needs the full browser; the W3C Nu HTML checker (npm vnu-jar) needs Java;
// behind-nginx.spec.ts puts Debian's nginx (a real proxy's default buffers) in front of the site.
const installed = installMissingPackages();

// without --typecheck: vitest's type tests (*.test-d.ts) would run a second whole-project tsc; the typecheck step
// above already compiles them, so a failed type assertion fails the suite there
const unitTests = step(
  'unit tests (vitest)',
  bin('vitest'),
  [
    'run',
    '-c',
    'tests/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, 'unit.json')}`,
  ],
  { live: true },
);
const builds = (async () =>
  (await step('production build', bin('waku'), ['build'])) &&
  step('Cloudflare Worker build', process.execPath, ['scripts/cloudflare/build.mjs']))();
const [unitOk, builtOk] = await Promise.all([unitTests, builds]);
count(vitestCounts(path.join(results, 'unit.json')), unitOk);
await installed; // an apt-get is never cut off half way
if (!builtOk) {
  failed += 1;
  summary(1);
}

const chromium = await findChromium();
if (!chromium) {
  console.error(
    '\nNo Chromium found for the e2e tests. Install one, then run `npm test` again:\n' +
      '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n' +
      '  elsewhere:      npx playwright install chromium\n' +
      '  or point CHROMIUM_PATH at a Chromium/Chrome binary.',
  );
  failed += 1;
  summary(1);
}
const pages = await findTestBrowser();
console.log(`\nChromium for e2e: ${pages.path}${pages.own ? " (Playwright's own)" : ''}`);
if (pages.path !== chromium.path) console.log(`the full browser, for the back/forward cache: ${chromium.path}`);
const java = findJava();
if (!java) {
  console.error(`\n${JAVA_INSTALL_HINT}`);
  failed += 1;
  summary(1);
}
console.log(`Java for the HTML checker: ${java}`);
if (!findNginx()) {
  console.error('\nNo nginx found for the proxy test: sudo apt-get install -y nginx-light (or set NGINX_PATH)');
  failed += 1;
  summary(1);
}
const e2eOk = await step(
  'e2e tests (Playwright, production build)',
  bin('playwright'),
  ['test', '-c', 'tests/playwright.config.ts'],
  { live: true },
);
count(playwrightCounts(path.join(results, 'e2e.json')), e2eOk);

summary(unitOk && e2eOk ? 0 : 1);

/** Debian's packages the e2e tests need and this machine lacks, installed with one apt-get where it can. */
async function installMissingPackages() {
  const chromium = await findChromium();
  const wanted = [
    ...(!chromium && canInstallWithApt('CHROMIUM_PATH') ? ['chromium'] : []),
    ...(!chromium?.own && !existsSync(DEBIAN_HEADLESS_SHELL) && canInstallWithApt('CHROMIUM_PATH')
      ? ['chromium-headless-shell']
      : []),
    ...(!findJava() && canInstallWithApt('JAVA_PATH') ? ['default-jre-headless'] : []),
    ...(!findNginx() && canInstallWithApt('NGINX_PATH') ? ['nginx-light'] : []),
  ];
  if (wanted.length === 0) return;
  const title = `installing Debian's ${wanted.join(', ')} for the e2e tests (apt-get)`;
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (await step(`${title}: package lists`, 'apt-get', ['update', '-qq'], { env })) {
    await step(title, 'apt-get', ['install', '-y', '-qq', ...wanted], { env });
  }
}

/** Root on a Debian-like system, and the user did not point `pathSetting` at a binary of their own. */
function canInstallWithApt(pathSetting) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && !process.env[pathSetting] && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}
