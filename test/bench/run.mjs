#!/usr/bin/env node
// npm run bench [name ...]: each benchmark prints absolute figures and a
// ratio against a baseline measured in the same run on the same machine.
import { analyticsBench } from './analytics.bench.mjs';
import { catalogBench } from './catalog.bench.mjs';
import { launchBench } from './launch.bench.mjs';
import { loginBench } from './login.bench.mjs';
import { paymentsBench } from './payments.bench.mjs';
import { scaleBench } from './scale.bench.mjs';
import { webBench } from './web.bench.mjs';
import { webhooksBench } from './webhooks.bench.mjs';
import { commandLine } from '../../scripts/lib/command-line.mjs';

const BENCHES = {
  catalog: catalogBench,
  payments: paymentsBench,
  analytics: analyticsBench,
  login: loginBench,
  web: webBench,
  webhooks: webhooksBench,
  scale: scaleBench,
  launch: launchBench,
};
// The scale benchmark seeds millions of rows (several GB, minutes) and the launch benchmark runs two 5-minute launches:
// run them by name, `npm run bench -- scale`, `npm run bench -- launch`.
const DEFAULT = Object.keys(BENCHES).filter((n) => n !== 'scale' && n !== 'launch');

const { positionals: wanted, fail } = commandLine({
  name: 'bench',
  usage: `npm run bench [-- <name>...]

Each benchmark prints absolute figures and a ratio against a baseline measured in the same run
on the same machine (see README, Benchmarks). Without names: ${DEFAULT.join(', ')}.

  ${Object.keys(BENCHES).join(', ')}

  -h, --help   this text`,
  allowPositionals: true,
});
const names = wanted.length ? wanted : DEFAULT;
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) fail(`unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
const summary = [];
for (const name of names) summary.push(await BENCHES[name]());
console.log('\nSummary');
for (const s of summary) console.log(`  ${s.name.padEnd(10)} ratio ${s.ratio.toFixed(2)}  ${s.ok ? 'meets target' : 'misses target'}`);
