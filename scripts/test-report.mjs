// What `npm test` counts and when it fails: tests passed, failed and skipped, read from the runners' JSON
// reports. A skipped test is reported on the closing line and, under CI, fails the run: a suite that skips
// (a missing build, a changed demo) must not pass unseen. A `.only` fails too (the runners' own rules:
// Playwright's forbidOnly and vitest's allowOnly, both set from CI in their configs).
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{ passed: number; failed: number; skipped: number }} TestCounts */

/** @param {string} file vitest's `--reporter=json` output @returns {TestCounts} */
export function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** @param {string} file Playwright's json reporter output @returns {TestCounts} */
export function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  };
}

/**
 * The closing line and whether the run passed: any failure fails it; under CI a skipped test does too.
 * @param {TestCounts} counts @param {{ ci: boolean }} options
 */
export function suiteVerdict({ passed, failed, skipped }, { ci }) {
  const line = `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
  const problems = [
    ...(failed > 0 ? [`${failed} failed`] : []),
    ...(ci && skipped > 0 ? [`${skipped} skipped under CI (a skipped test must not pass unseen)`] : []),
  ];
  return { ok: problems.length === 0, line, problems };
}
