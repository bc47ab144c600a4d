#!/usr/bin/env node
// npm run bench [name ...]: each benchmark prints absolute figures and a
// ratio against a baseline measured in the same run on the same machine.
import { analyticsBench } from './analytics.bench.mjs';
import { catalogBench } from './catalog.bench.mjs';
import { loginBench } from './login.bench.mjs';
import { paymentsBench } from './payments.bench.mjs';
import { scaleBench } from './scale.bench.mjs';
import { webBench } from './web.bench.mjs';

const BENCHES = { catalog: catalogBench, payments: paymentsBench, analytics: analyticsBench, login: loginBench, web: webBench, scale: scaleBench };
// The scale benchmark seeds millions of rows (several GB, minutes): run it by name, `npm run bench -- scale`.
const DEFAULT = Object.keys(BENCHES).filter((n) => n !== 'scale');

const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : DEFAULT;
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const summary = [];
for (const name of names) summary.push(await BENCHES[name]());
console.log('\nSummary');
for (const s of summary) console.log(`  ${s.name.padEnd(10)} ratio ${s.ratio.toFixed(2)}  ${s.ok ? 'meets target' : 'misses target'}`);
