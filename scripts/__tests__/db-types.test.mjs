import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const TYPES = join(ROOT, 'backend', 'src', 'modules', 'users', 'users.repository.types.ts');
const check = () => spawnSync(process.execPath, [join(ROOT, 'scripts', 'db-types.mjs'), '--check'], { encoding: 'utf8', timeout: 120_000 });

test('db:types --check passes on the committed types and fails on one that no longer matches the schema, leaving it as it was', () => {
  const committed = readFileSync(TYPES, 'utf8');
  const ok = check();
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /types files match the schema/);

  // A types file edited by hand (as a stale one would be after a migration): the check names it.
  const stale = committed.replace('last_login_at: Date | null;', 'last_login_at: Date;');
  assert.notEqual(stale, committed);
  writeFileSync(TYPES, stale);
  try {
    const drift = check();
    assert.equal(drift.status, 1);
    assert.match(drift.stderr, /backend\/src\/modules\/users\/users\.repository\.types\.ts/);
    assert.equal(readFileSync(TYPES, 'utf8'), stale, '--check writes nothing');
  } finally {
    writeFileSync(TYPES, committed);
  }
});
