#!/usr/bin/env node
// npm test: every suite that needs Node, PostgreSQL and Redis, in order:
// backend unit + integration (Jest), web component tests (Vitest), then the
// browser and resilience suites (Playwright) against the built product.
// Ends with one line "N passed, N failed"; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildParts, staleParts } from './lib/build.mjs';
import { commandLine } from './lib/command-line.mjs';
import { ROOT } from './lib/paths.mjs';

const PARTS = {
  backend: 'backend unit specs and integration specs against PostgreSQL and Redis (Jest)',
  'web-learner': "the learner app's component tests (Vitest, jsdom)",
  'web-admin': "the admin console's component tests (Vitest, jsdom)",
  e2e: 'browser journeys in Chromium against the built product (Playwright)',
  resilience: 'the fault suite: Redis and PostgreSQL outages, killed workers, lost queues (Playwright)',
  scripts: 'the command-line scripts of scripts/ (node:test)',
};

const { positionals: only, fail } = commandLine({
  name: 'npm test',
  usage: `npm test [-- <part>...]

Runs every part in order, or only the parts named, and ends with "N passed, N failed"
(exit code 1 when anything failed).

Parts:
${Object.entries(PARTS)
  .map(([name, what]) => `  ${name.padEnd(12)} ${what}`)
  .join('\n')}

Options:
  -h, --help   this text

Environment: CHROMIUM_PATH (the browser for e2e and resilience), TEST_LOG_LEVEL (backend logs in
integration specs, default error), CHAOS=1 (npm run chaos: the fault suite's longer scenarios).`,
  allowPositionals: true,
});
const unknown = only.filter((part) => !(part in PARTS));
if (unknown.length) fail(`unknown part${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);

const out = mkdtempSync(join(tmpdir(), 'cp-test-results-'));
const results = [];

function run(name, command, args, cwd, jsonFile, count, names = () => []) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
  let passed = 0;
  let failed = 0;
  let failures = [];
  if (existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    ({ passed, failed } = count(report));
    failures = names(report);
  }
  if (result.status !== 0 && failed === 0) failed = 1; // the runner itself failed (setup error, crash)
  results.push({ name, passed, failed, failures, seconds: Math.round((Date.now() - started) / 1000) });
}

const jestCount = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
});
// What failed, named again after the table: a CI log is often read from its end only.
const firstLines = (text, n = 4) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, n);
const jestFailures = (r) =>
  (r.testResults ?? []).flatMap((file) => {
    const where = file.name ? file.name.replace(`${ROOT}/`, '') : '';
    const tests = (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => ({ title: `${where} › ${t.fullName ?? t.title}`, lines: firstLines((t.failureMessages ?? []).join('\n')) }));
    if (!tests.length && file.status === 'failed') tests.push({ title: where, lines: firstLines(file.message) });
    return tests;
  });
function playwrightFailures(r) {
  const found = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = (test.results ?? []).map((res) => res.error?.message).find(Boolean);
        found.push({ title: `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')} (${test.status})`, lines: firstLines(error) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...path, child.title] : path);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  for (const error of r.errors ?? []) found.push({ title: 'run error', lines: firstLines(error.message) });
  return found;
}
const playwrightCount = (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
});

// The built apps, before any part that uses them: the browser suites, and the backend's integration specs that
// render the learner app's public pages with its renderer (web-learner/dist-ssr).
if (!only.length || only.some((part) => ['backend', 'e2e', 'resilience'].includes(part))) {
  const stale = staleParts();
  if (stale.length) buildParts(stale, (m) => console.log(`[test] ${m}`));
}

run(
  'backend',
  'npx',
  ['jest', '--json', `--outputFile=${join(out, 'backend.json')}`],
  join(ROOT, 'backend'),
  join(out, 'backend.json'),
  jestCount,
  jestFailures,
);
for (const app of ['web-learner', 'web-admin']) {
  const file = join(out, `${app}.json`);
  run(app, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], join(ROOT, app), file, jestCount, jestFailures);
}

{
  const file = join(out, 'scripts.json');
  const files = readdirSync(join(ROOT, 'scripts', '__tests__')).filter((f) => f.endsWith('.test.mjs'));
  run(
    'scripts',
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(ROOT, 'scripts/lib/node-test-count.mjs')}`,
      `--test-reporter-destination=${file}`,
      ...files.map((f) => join('scripts', '__tests__', f)),
    ],
    ROOT,
    file,
    jestCount,
    jestFailures,
  );
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
    playwrightFailures,
  );
}

rmSync(out, { recursive: true, force: true });
const failures = results.flatMap((r) => r.failures.map((f) => ({ ...f, suite: r.name })));
if (failures.length) {
  console.log('\nFailed tests');
  for (const f of failures.slice(0, 20)) {
    console.log(`✕ [${f.suite}] ${f.title}`);
    for (const line of f.lines) console.log(`    ${line.slice(0, 200)}`);
  }
  if (failures.length > 20) console.log(`… and ${failures.length - 20} more`);
}
console.log('\nSuite              passed  failed  seconds');
for (const r of results) console.log(`${r.name.padEnd(18)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.seconds).padStart(7)}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
