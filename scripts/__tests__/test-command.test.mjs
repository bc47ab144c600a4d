import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const run = (...args) => spawnSync(process.execPath, [join(ROOT, 'scripts/test.mjs'), ...args], { encoding: 'utf8' });

test('npm test -- --help lists the parts and runs nothing', () => {
  const result = run('--help');
  assert.equal(result.status, 0);
  for (const part of ['backend', 'web-learner', 'web-admin', 'e2e', 'resilience', 'scripts']) assert.match(result.stdout, new RegExp(`^  ${part} `, 'm'));
  assert.doesNotMatch(result.stdout, /passed, \d+ failed/);
});

test('an unknown part or flag is an error that shows the list, not "0 passed, 0 failed"', () => {
  for (const args of [['nonsense'], ['backend', 'bakend'], ['--verbose']]) {
    const result = run(...args);
    assert.equal(result.status, 2, `npm test -- ${args.join(' ')}`);
    assert.match(result.stderr, /^npm test: /);
    assert.match(result.stderr, /Parts:\n {2}backend/);
    assert.doesNotMatch(result.stdout, /passed, \d+ failed/);
  }
});
