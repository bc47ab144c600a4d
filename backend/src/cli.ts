import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { appConfig, databaseConfig, mediaConfig } from './config';
import { dataSourceOptions, runMigrations } from './database/data-source';
import { runSeedSteps } from './database/seeds/seed-runner';
import { demoSeedSteps } from './demo-seed';
import { hashPassword } from './modules/users/password-hasher';
import { EMAIL_PATTERN, passwordProblem } from './modules/users/password-policy';

/**
 * Operations outside the HTTP API:
 *   node dist/cli.js migrate     apply pending migrations
 *   node dist/cli.js seed        load demo data once (demo mode only)
 *   node dist/cli.js prepare     both
 *   node dist/cli.js admin:create --email E --password P [--name N]
 *                                create an administrator (the first one in production)
 */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  const db = databaseConfig();
  switch (command) {
    case 'migrate':
      report('migrations', await runMigrations(db.url));
      return 0;
    case 'seed':
      await seed(db.url);
      return 0;
    case 'prepare':
      report('migrations', await runMigrations(db.url));
      await seed(db.url);
      return 0;
    case 'admin:create':
      return createAdmin(db.url, parseFlags(argv.slice(1)));
    default:
      console.error('Usage: cli.js migrate | seed | prepare | admin:create --email E --password P [--name N]');
      return 2;
  }
}

function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(args[i]);
    if (!match) continue;
    flags[match[1]] = match[2] ?? args[++i] ?? '';
  }
  return flags;
}

async function createAdmin(url: string, flags: Record<string, string>): Promise<number> {
  const email = (flags.email ?? '').trim().toLowerCase();
  const password = flags.password ?? '';
  if (!EMAIL_PATTERN.test(email)) {
    console.error('Usage: admin:create --email you@example.com --password "..." [--name "Your Name"]: a valid --email is required');
    return 2;
  }
  const problem = passwordProblem(password);
  if (problem) {
    console.error(`${problem} (8+ characters with upper and lower case, a digit and a symbol)`);
    return 2;
  }
  await runMigrations(url);
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  try {
    const existing: unknown[] = await ds.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
    if (existing.length > 0) {
      console.error(`A user with the email ${email} already exists; promote them in the admin console instead.`);
      return 1;
    }
    await ds.query(`INSERT INTO users (name, email, password_hash, role, status, plan) VALUES ($1, $2, $3, 'admin', 'active', 'lifetime')`, [
      flags.name?.trim() || 'Administrator',
      email,
      await hashPassword(password),
    ]);
    console.log(`Administrator ${email} created. Sign in at /admin/login.`);
    return 0;
  } finally {
    await ds.destroy();
  }
}

function report(what: string, names: string[]): void {
  console.log(names.length ? `Applied ${what}: ${names.join(', ')}` : `No pending ${what}`);
}

async function seed(url: string): Promise<void> {
  const app = appConfig();
  if (!app.demoMode) {
    console.log('Demo mode is off: no demo data loaded');
    return;
  }
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  try {
    report('demo seed steps', await runSeedSteps(ds, demoSeedSteps(app), { mediaDir: mediaConfig().dir }));
  } finally {
    await ds.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
