// `npm run db:types`: types the repositories' SQL against the real schema.
// Migrates a scratch database from backend/src/database/migrations, then
// pgtyped reads every statement written with its `sql` tag in
// backend/src/**/*.repository.ts and writes its parameter and row types
// beside the file (`users.repository.types.ts`), as PostgreSQL itself
// describes them. A statement that no longer fits the schema (a renamed
// column) is an error here, and its callers no longer type-check.
// `npm run db:types -- --check` (run by `npm run lint`) fails when a
// committed types file differs from what the schema and the statements give,
// and leaves the committed files as they were.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { commandLine } from './lib/command-line.mjs';
import { ROOT } from './lib/paths.mjs';

const require = createRequire(import.meta.url);
const { values } = commandLine({
  name: 'db:types',
  usage: `npm run db:types [-- --check]

Types the SQL of backend/src/**/*.repository.ts (statements written with pgtyped's sql tag) against the
schema the migrations build, in a scratch database on the PostgreSQL of TEST_DATABASE_URL
(default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Writes <file>.types.ts beside each
repository that has such statements.

  --check     write nothing; fail when a committed types file differs from what the schema gives
  -h, --help  this text`,
  options: { check: { type: 'boolean' } },
});

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SRC = join(ROOT, 'backend', 'src');
const BIN = (name) => join(ROOT, 'node_modules', '.bin', name);

/** The generated files now in the tree: path -> content. */
function typesFiles(dir = SRC, out = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) typesFiles(path, out);
    else if (entry.name.endsWith('.repository.types.ts')) out.set(path, readFileSync(path, 'utf8'));
  }
  return out;
}

async function onServer(sql) {
  const client = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const database = `cp_types_${randomBytes(4).toString('hex')}`;
const url = new URL(SERVER);
url.pathname = `/${database}`;
const before = typesFiles();
const work = mkdtempSync(join(tmpdir(), 'db-types-'));
let failed = false;
try {
  await onServer(`CREATE DATABASE "${database}"`);
  require('./lib/ts-register.cjs');
  const { runMigrations } = require(join(SRC, 'database', 'migrations', 'run-migrations.ts'));
  await runMigrations(url.toString());

  const config = join(work, 'pgtyped.json');
  writeFileSync(
    config,
    JSON.stringify({
      transforms: [{ mode: 'ts', include: '**/*.repository.ts', emitTemplate: '{{dir}}/{{name}}.types.ts' }],
      srcDir: relative(ROOT, SRC),
      dbUrl: url.toString(),
      failOnError: true,
    }),
  );
  const run = spawnSync(BIN('pgtyped'), ['-c', config], { cwd: ROOT, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  // pgtyped reports a statement the schema rejects and goes on (exit code 0): its report is the failure.
  const errors = output
    .split('\n')
    .filter((line) => /^\s*(Error processing|Error in query|\s*message:)/.test(line))
    .map((line) => `  ${line.trim()}`);
  if (run.status !== 0 || errors.length) {
    failed = true;
    console.error(`db:types: pgtyped could not type every statement against the schema:\n${errors.join('\n') || output}`);
  }
  const after = typesFiles();
  const generated = [...after.keys()];
  if (generated.length) spawnSync(BIN('prettier'), ['--write', '--log-level', 'warn', ...generated], { cwd: ROOT, stdio: 'inherit' });
  const now = typesFiles();
  const changed = [...new Set([...before.keys(), ...now.keys()])].filter((path) => before.get(path) !== now.get(path));
  if (values.check) {
    // Put the tree back as it was, whatever pgtyped wrote.
    for (const path of now.keys()) if (!before.has(path)) rmSync(path);
    for (const [path, content] of before) writeFileSync(path, content);
    if (changed.length) {
      failed = true;
      console.error(
        `db:types: these types files differ from what the schema and the statements give (run \`npm run db:types\` and commit them):\n${changed
          .map((path) => `  ${relative(ROOT, path)}`)
          .join('\n')}`,
      );
    } else if (!failed) console.log(`db:types: ${now.size} types files match the schema`);
  } else if (!failed) console.log(`db:types: ${now.size} types files written (${changed.length} changed)`);
} finally {
  rmSync(work, { recursive: true, force: true });
  await onServer(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch((err) => console.error(`db:types: could not drop ${database}: ${err.message}`));
}
if (failed) process.exit(1);
