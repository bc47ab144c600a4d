import { execute, queryRows } from '../sql.repository';
import type { DataSource, EntityManager } from 'typeorm';

export interface SeedContext {
  mediaDir: string;
  /** Paid files (lesson PDFs, downloads): outside the public media folder. */
  privateMediaDir: string;
}

/** One named piece of demo data; each runs once per database, in its own transaction. */
export interface SeedStep {
  key: string;
  run(manager: EntityManager, context: SeedContext): Promise<void>;
}

export async function runSeedSteps(dataSource: DataSource, steps: readonly SeedStep[], context: SeedContext): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const done = await dataSource.transaction(async (manager) => {
      await execute(manager, 'SELECT pg_advisory_xact_lock(727274002)');
      const marker = `seed:${step.key}`;
      const rows = await queryRows(manager, 'SELECT 1 FROM app_meta WHERE key = $1', [marker]);
      if (rows.length > 0) return false;
      await step.run(manager, context);
      await execute(manager, 'INSERT INTO app_meta (key, value) VALUES ($1, $2)', [marker, JSON.stringify({ at: new Date().toISOString() })]);
      return true;
    });
    if (done) applied.push(step.key);
  }
  return applied;
}
