import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropDatabase } from './services';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_TEMPLATE_DB) await dropDatabase(process.env.TEST_TEMPLATE_DB);
  const dir = process.env.CONTRACT_REPORT_DIR;
  if (dir) {
    let counts: number[] = [];
    try {
      counts = readFileSync(join(dir, 'checked'), 'utf8').trim().split('\n').filter(Boolean).map(Number);
    } catch {
      // No test file checked an answer.
    }
    rmSync(dir, { recursive: true, force: true });
    console.log(`\ncontract: ${counts.reduce((a, b) => a + b, 0)} answers checked against backend/openapi.json by ${counts.length} test files`);
  }
}
