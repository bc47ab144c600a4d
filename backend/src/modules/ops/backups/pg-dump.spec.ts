import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgDumpMissingError, runPgDump } from './pg-dump';

describe('pg_dump runner', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pg-dump-spec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in pg_dump that records its arguments and password environment, then exits with `code`. */
  const fakePgDump = (code: number) => {
    const program = join(dir, 'pg_dump');
    writeFileSync(program, `#!/bin/sh\necho "$@" > "${dir}/args"\necho "$PGPASSWORD" > "${dir}/password"\necho "boom from pg_dump" >&2\nexit ${code}\n`);
    chmodSync(program, 0o755);
    return program;
  };

  it('says how to install pg_dump when it is missing', async () => {
    await expect(runPgDump(join(dir, 'nope'), 'postgres://u@h/db', join(dir, 'out'))).rejects.toThrow(/not found\).*postgresql-client.*PG_DUMP_PATH/);
    await expect(runPgDump(join(dir, 'nope'), 'postgres://u@h/db', join(dir, 'out'))).rejects.toThrow(PgDumpMissingError);
  });

  it('passes the password through the environment, never the command line', async () => {
    await runPgDump(fakePgDump(0), 'postgres://backup:s%40cret@db.internal:5433/shop?sslmode=require', join(dir, 'out.dump'));
    const args = readFileSync(join(dir, 'args'), 'utf8');
    expect(args).toContain('--format=custom');
    expect(args).toContain(`--file=${join(dir, 'out.dump')}`);
    expect(args).toContain('--dbname=postgres://backup@db.internal:5433/shop?sslmode=require');
    expect(args).not.toContain('s@cret');
    expect(args).not.toContain('s%40cret');
    expect(readFileSync(join(dir, 'password'), 'utf8').trim()).toBe('s@cret');
  });

  it("reports pg_dump's own error output when it fails", async () => {
    await expect(runPgDump(fakePgDump(1), 'postgres://u@h/db', join(dir, 'out.dump'))).rejects.toThrow('pg_dump failed (exit code 1): boom from pg_dump');
  });
});
