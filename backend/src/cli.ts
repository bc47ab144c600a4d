import 'reflect-metadata';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { appConfig, databaseConfig, mediaConfig } from './config';
import { dataSourceOptions } from './database/data-source';
import { runMigrations } from './database/migrations/run-migrations';
import { runSeedSteps } from './database/seeds/seed-runner';
import { demoSeedSteps } from './demo-seed';
import { resetTwoFactor } from './modules/auth';
import { restoreBackup, stripPassword } from './modules/ops';
import { administrators, EMAIL_PATTERN, passwordProblem } from './modules/users';

/**
 * Operations outside the HTTP API:
 *   node dist/cli.js migrate     apply pending migrations
 *   node dist/cli.js seed        load demo data once (demo mode only)
 *   node dist/cli.js prepare     both
 *   node dist/cli.js admin:create --email E --password P [--name N]
 *                                create an administrator (the first one in production)
 *   node dist/cli.js admin:create --reset-2fa EMAIL
 *                                turn off an administrator's two-factor sign-in (a lost
 *                                phone, no other admin to do it); they set it up again
 *                                at their next sign-in
 *   node dist/cli.js restore FILE [--database NAME] [--replace]
 *                                restore a backup (Admin > Settings > System) into a new
 *                                database on the same server; --replace then makes it the
 *                                product's database (stop the product first)
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
    case 'restore':
      return restore(db.url, argv.slice(1));
    default:
      console.error('Usage: cli.js migrate | seed | prepare | admin:create --email E --password P [--name N] | restore FILE [--database NAME] [--replace]');
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
  if (flags['reset-2fa'] !== undefined) {
    await runMigrations(url);
    return resetTwoFactor(url, flags['reset-2fa']);
  }
  const email = (flags.email ?? '').trim().toLowerCase();
  const password = flags.password ?? '';
  if (!EMAIL_PATTERN.test(email)) {
    console.error('Usage: admin:create --email you@example.com --password "..." [--name "Your Name"]: a valid --email is required');
    return 2;
  }
  const problem = passwordProblem(password, [email, flags.name ?? '']);
  if (problem) {
    console.error(`${problem} (8+ characters with upper and lower case, a digit and a symbol)`);
    return 2;
  }
  await runMigrations(url);
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  try {
    if (!(await administrators.create(ds, { name: flags.name?.trim() || 'Administrator', email, password }))) {
      console.error(`A user with the email ${email} already exists; promote them in the admin console instead.`);
      return 1;
    }
    console.log(`Administrator ${email} created. Sign in at /admin/login.`);
    return 0;
  } finally {
    await ds.destroy();
  }
}

async function restore(url: string, args: string[]): Promise<number> {
  let file: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--database') rest.push(args[i], args[++i] ?? '');
    else if (args[i].startsWith('--')) rest.push(args[i], '');
    else file ??= args[i];
  }
  const flags = parseFlags(rest);
  if (!file) {
    console.error('Usage: restore FILE [--database NAME] [--replace]: FILE is a backup downloaded from Admin > Settings > System (or in the backup folder)');
    return 2;
  }
  const result = await restoreBackup({
    databaseUrl: url,
    file: resolve(file),
    database: flags.database || undefined,
    replace: flags.replace !== undefined,
    pgRestorePath: process.env.PG_RESTORE_PATH || undefined,
    log: (m) => console.log(m),
  });
  if (result.replacedAs) console.log(`Restored. Start the product as usual; the previous database is kept as ${result.replacedAs}.`);
  else
    console.log(
      `Restored into the new database ${result.database}. Run the product on it with DATABASE_URL=${stripPassword(result.url)} (or run the restore again with --replace to make it the product's database).`,
    );
  return 0;
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
    report('demo seed steps', await runSeedSteps(ds, demoSeedSteps(app), { mediaDir: mediaConfig().dir, privateMediaDir: mediaConfig().privateDir }));
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
