#!/usr/bin/env node
// npm test: every suite that needs Node, PostgreSQL and Redis, in order:
// backend unit + integration (Jest), web component tests (Vitest), then the
// browser and resilience suites (Playwright) against the built product.
// Ends with one line "N passed, N failed"; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildParts, staleParts } from './lib/build.mjs';
import { ROOT } from './lib/paths.mjs';

const out = mkdtempSync(join(tmpdir(), 'cp-test-results-'));
const only = process.argv.slice(2);
const results = [];

function run(name, command, args, cwd, jsonFile, count) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
  let passed = 0;
  let failed = 0;
  if (existsSync(jsonFile)) {
    ({ passed, failed } = count(JSON.parse(readFileSync(jsonFile, 'utf8'))));
  }
  if (result.status !== 0 && failed === 0) failed = 1; // the runner itself failed (setup error, crash)
  results.push({ name, passed, failed, seconds: Math.round((Date.now() - started) / 1000) });
}

const jestCount = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
});
const playwrightCount = (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
});

run('backend', 'npx', ['jest', '--json', `--outputFile=${join(out, 'backend.json')}`], join(ROOT, 'backend'), join(out, 'backend.json'), jestCount);
for (const app of ['web-learner', 'web-admin']) {
  const file = join(out, `${app}.json`);
  run(app, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], join(ROOT, app), file, jestCount);
}

if (!only.length || only.includes('e2e') || only.includes('resilience')) {
  const stale = staleParts();
  if (stale.length) buildParts(stale, (m) => console.log(`[test] ${m}`));
}
for (const suite of ['e2e', 'resilience']) {
  const dir = join(ROOT, 'test', suite);
  if (!existsSync(dir) || !readdirSync(dir).some((f) => f.endsWith('.spec.ts'))) continue;
  const file = join(out, `${suite}.json`);
  process.env.PW_JSON_OUTPUT = file;
  run(
    suite,
    'npx',
    ['playwright', 'test', '--config', `${suite === 'e2e' ? 'playwright.config.ts' : 'playwright.resilience.config.ts'}`],
    join(ROOT, 'test'),
    file,
    playwrightCount,
  );
}

rmSync(out, { recursive: true, force: true });
console.log('\nSuite              passed  failed  seconds');
for (const r of results) console.log(`${r.name.padEnd(18)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.seconds).padStart(7)}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
