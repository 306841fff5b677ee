#!/usr/bin/env node
// `npm test`: typecheck, formatting, generated-client check, unused code (knip), unit tests, production and Worker builds, e2e tests in Chromium
// (with the W3C HTML checker, which needs Java).
// Ends with one summary line "tests: N passed, N failed, N skipped"; under CI (CI set) a skipped test or a
// `.only` fails the run (scripts/test-report.mjs).
import { spawnSync } from 'node:child_process';
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

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return run.status === 0;
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

rmSync(results, { recursive: true, force: true });

if (!step('typecheck', bin('tsc'), ['--noEmit'])) {
  failed += 1;
  summary(1);
}
passed += 1;
if (
  !step('formatting (prettier)', bin('prettier'), [
    '--check',
    '--log-level',
    'warn',
    'src/**/*.{ts,tsx,css}',
    '!src/lib/admin/admin-api.gen.ts', // generated: openapi-typescript's own formatting
    'scripts/**/*.{mjs,ts}',
    'tests/**/*.ts',
    'waku.config.ts',
  ])
) {
  failed += 1;
  summary(1);
}
passed += 1;
if (!step('generated client is up to date', process.execPath, ['scripts/check-generated.mjs'])) {
  failed += 1;
  summary(1);
}
passed += 1;
if (!step('nothing unused (knip)', bin('knip'), [])) {
  failed += 1;
  summary(1);
}
passed += 1;

// without --typecheck: vitest's type tests (*.test-d.ts) would run a second whole-project tsc; the typecheck step
// above already compiles them, so a failed type assertion fails the suite there
const unitOk = step('unit tests (vitest)', bin('vitest'), [
  'run',
  '-c',
  'tests/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'unit.json')}`,
]);
count(vitestCounts(path.join(results, 'unit.json')), unitOk);

if (!step('production build', bin('waku'), ['build'])) {
  failed += 1;
  summary(1);
}
if (!step('Cloudflare Worker build', process.execPath, ['scripts/cloudflare/build.mjs'])) {
  failed += 1;
  summary(1);
}

// the pages open in Chromium's headless shell (a third of the full browser's CPU, record 044); the
// back/forward cache spec needs the full browser
let chromium = await findChromium();
const packages = [
  ...(chromium ? [] : ['chromium']),
  ...(chromium?.own || existsSync(DEBIAN_HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
];
if (packages.length > 0 && canInstallWithApt('CHROMIUM_PATH')) {
  console.log(`\nInstalling Debian's ${packages.join(' and ')} for the e2e tests (apt-get, ~1 minute)`);
  const apt = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['update', '-qq'], apt);
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], apt);
  chromium = await findChromium();
}
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

// the W3C Nu HTML checker (npm vnu-jar) runs in the e2e tests on every page of the site map
let java = findJava();
if (!java && canInstallWithApt('JAVA_PATH')) {
  console.log("\nNo Java found for the W3C HTML checker: installing Debian's default-jre-headless (apt-get)");
  const apt = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['update', '-qq'], apt);
  spawnSync('apt-get', ['install', '-y', '-qq', 'default-jre-headless'], apt);
  java = findJava();
}
if (!java) {
  console.error(`\n${JAVA_INSTALL_HINT}`);
  failed += 1;
  summary(1);
}
console.log(`Java for the HTML checker: ${java}`);

// Debian's nginx, in front of the site in tests/e2e/behind-nginx.spec.ts (a real proxy's default buffers)
if (!findNginx() && canInstallWithApt('NGINX_PATH')) {
  console.log("\nNo nginx found for the proxy test: installing Debian's nginx-light (apt-get)");
  const apt = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['update', '-qq'], apt);
  spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], apt);
}
if (!findNginx()) {
  console.error('\nNo nginx found for the proxy test: sudo apt-get install -y nginx-light (or set NGINX_PATH)');
  failed += 1;
  summary(1);
}
const e2eOk = step('e2e tests (Playwright, production build)', bin('playwright'), [
  'test',
  '-c',
  'tests/playwright.config.ts',
]);
count(playwrightCounts(path.join(results, 'e2e.json')), e2eOk);

summary(unitOk && e2eOk ? 0 : 1);

/** Root on a Debian-like system, and the user did not point `pathSetting` at a binary of their own. */
function canInstallWithApt(pathSetting) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && !process.env[pathSetting] && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}
