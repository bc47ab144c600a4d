import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

/** Every command of scripts/ (and the benchmark runner): what `npm start`, `npm run ...` and `npm test` call. */
const COMMANDS = [
  ...readdirSync(join(ROOT, 'scripts'))
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => join('scripts', f)),
  join('test', 'bench', 'run.mjs'),
];

const run = (file, ...args) =>
  spawnSync(process.execPath, [join(ROOT, file), ...args], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, NODE_ENV: 'test' } });

for (const file of COMMANDS) {
  test(`${file} --help says what it does and does nothing else`, () => {
    const result = run(file, '--help');
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^Usage: /);
    assert.ok(result.stdout.split('\n').length >= 3, 'a usage of more than one line');
    assert.doesNotMatch(result.stdout + result.stderr, /Building|Embedded PostgreSQL|passed, \d+ failed/);
  });

  test(`${file} refuses an unknown flag with its usage`, () => {
    const result = run(file, '--no-such-flag');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /no-such-flag/);
    assert.match(result.stderr, /Usage: /);
  });
}
