import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkedSoFar } from './contract';

// After each integration test file: add how many answers it checked against the contract to the run's tally (global-teardown prints it).
afterAll(() => {
  const dir = process.env.CONTRACT_REPORT_DIR;
  const checked = checkedSoFar();
  if (dir && checked > 0) appendFileSync(join(dir, 'checked'), `${checked}\n`);
});
