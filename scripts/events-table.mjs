import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as prettier from 'prettier';
import { commandLine } from './lib/command-line.mjs';
import { ROOT } from './lib/paths.mjs';

const { values } = commandLine({
  name: 'events-table',
  usage: `node scripts/events-table.mjs [--check]

Writes the README's table of domain events: for every event of
backend/src/events/event-catalogue.ts, the modules that emit it and every
consumer that receives it (defineConsumer in a module's jobs/), with its queue.
  --check   change nothing; exit 1 when the README's table is not the current one (npm run lint)`,
  options: { check: { type: 'boolean' } },
});

const SRC = join(ROOT, 'backend', 'src');
const README = join(ROOT, 'README.md');
const START = '<!-- events:start (npm run events:table writes this table) -->';
const END = '<!-- events:end -->';

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) yield path;
  }
}

/** "modules/payments/..." → "payments"; anything else by its folder under src/. */
const moduleOf = (path) => {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === 'modules' ? parts[1] : parts[0];
};

export function eventTable() {
  const catalogue = readFileSync(join(SRC, 'events', 'event-catalogue.ts'), 'utf8');
  const body = catalogue.slice(catalogue.indexOf('export interface EventPayloads'));
  const events = [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}'([a-z_.]+)':/gm)].map((m) => m[1]);
  const producers = new Map(events.map((e) => [e, new Set()]));
  const consumers = new Map(events.map((e) => [e, []]));
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    // tx.emit('x', ...) and tx.statementWithEvent(statement, 'x', { type: ... }, payload): an event's name before its aggregate.
    const emits = [...text.matchAll(/\.emit(?:<[^>]*>)?\(\s*'([a-z_.]+)'/g), ...text.matchAll(/'([a-z_]+\.[a-z_.]+)',\s*\{\s*type:\s*'/g)];
    for (const m of emits) producers.get(m[1])?.add(moduleOf(file));
    for (const m of text.matchAll(/defineConsumer\(\{\s*name:\s*'([^']+)',\s*events:\s*\[([^\]]*)\],\s*queue:\s*QueueName\.(\w+)/g)) {
      for (const [, event] of m[2].matchAll(/'([a-z_.]+)'/g)) {
        if (!consumers.has(event)) throw new Error(`${relative(ROOT, file)}: consumer ${m[1]} subscribes to "${event}", which the catalogue does not have`);
        consumers.get(event).push(`\`${m[1]}\` (${moduleOf(file)}, ${m[3]})`);
      }
    }
  }
  const rows = events.map(
    (e) =>
      `| \`${e}\` | ${[...producers.get(e)].sort().join(', ') || '—'} | ${consumers.get(e).sort().join('<br>') || 'none: Recent Activity and the audit only'} |`,
  );
  return ['| Event | Emitted by | Consumers (module, queue) |', '| --- | --- | --- |', ...rows].join('\n');
}

const readme = readFileSync(README, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) {
  console.error(`events-table: README.md has no "${START}" ... "${END}" block`);
  process.exit(1);
}
// Written as Prettier lays the README out (it aligns the table's columns), so `prettier --check` agrees.
const next = await prettier.format(`${readme.slice(0, from + START.length)}\n${eventTable()}\n${readme.slice(to)}`, {
  ...(await prettier.resolveConfig(README)),
  filepath: README,
});
if (values.check) {
  if (next !== readme) {
    console.error('events-table: the README\'s event table is out of date with the event catalogue and the consumers: run "npm run events:table"');
    process.exit(1);
  }
  console.log('events-table: the README lists every event, its producers and its consumers');
} else if (next !== readme) {
  writeFileSync(README, next);
  console.log('events-table: README.md updated');
} else console.log('events-table: README.md already current');
