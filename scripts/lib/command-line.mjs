import { parseArgs } from 'node:util';

/**
 * One way for the scripts of scripts/ to read their command line:
 * node:util parseArgs (strict), `-h`/`--help` printing the usage, and an
 * unknown flag or a missing value an error that prints the usage too
 * (exit code 2), before the script does anything else.
 */
export function commandLine({ name, usage, options = {}, allowPositionals = false, args = process.argv.slice(2) }) {
  const text = `Usage: ${usage.trim()}`;
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
  } catch (err) {
    console.error(`${name}: ${err.message}\n\n${text}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(text);
    process.exit(0);
  }
  return { values: parsed.values, positionals: parsed.positionals, fail: (message) => (console.error(`${name}: ${message}\n\n${text}`), process.exit(2)) };
}
