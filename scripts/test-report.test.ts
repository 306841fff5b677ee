// `npm test` under CI fails on a skipped test and on a `.only`: shown by running the real runners, with the
// suite's own configs, on small fixtures (tests/fixtures/suite-rules/), and reading their real reports.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { playwrightCounts, suiteVerdict, vitestCounts } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = 'tests/fixtures/suite-rules';
const out = mkdtempSync(path.join(os.tmpdir(), 'suite-rules-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function run(bin: string, args: string[], fixture: string) {
  const { CI: _ci, ...env } = process.env;
  return spawnSync(path.join(root, 'node_modules/.bin', bin), args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...env, CI: 'true', SUITE_FIXTURE: fixture, PW_OUTPUT_DIR: path.join(out, fixture) },
  });
}

const vitest = (fixture: string) => {
  const report = path.join(out, `${fixture}.json`);
  const result = run(
    'vitest',
    ['run', '-c', `${fixtures}/vitest.config.ts`, '--reporter=json', `--outputFile=${report}`],
    fixture,
  );
  return { ...result, counts: vitestCounts(report) };
};
const playwright = (fixture: string) => {
  const result = run('playwright', ['test', '-c', `${fixtures}/playwright.config.ts`], fixture);
  return { ...result, counts: playwrightCounts(path.join(out, fixture, 'e2e.json')) };
};

describe('under CI', () => {
  test('a skipped unit test is counted and fails the suite', () => {
    const { status, counts } = vitest('skipped.unit.ts');
    expect(status).toBe(0); // the runner alone would pass it
    expect(counts).toEqual({ passed: 1, failed: 0, skipped: 1 });
    expect(suiteVerdict(counts, { ci: true })).toMatchObject({
      ok: false,
      line: 'tests: 1 passed, 0 failed, 1 skipped',
    });
    expect(suiteVerdict(counts, { ci: false }).ok).toBe(true);
  });

  test('a skipped e2e test is counted and fails the suite', () => {
    const { status, counts } = playwright('skipped.e2e.ts');
    expect(status).toBe(0);
    expect(counts).toEqual({ passed: 1, failed: 0, skipped: 1 });
    expect(suiteVerdict(counts, { ci: true }).ok).toBe(false);
  });

  test('a .only fails the unit run', () => {
    const { status, stdout, stderr } = run('vitest', ['run', '-c', `${fixtures}/vitest.config.ts`], 'only.unit.ts');
    expect(status).not.toBe(0);
    expect(stdout + stderr).toMatch(/\.only/);
  });

  test('a .only fails the e2e run', () => {
    const { status, stdout, stderr } = playwright('only.e2e.ts');
    expect(status).not.toBe(0);
    expect(stdout + stderr).toMatch(/forbidOnly|\.only/);
  });
});
