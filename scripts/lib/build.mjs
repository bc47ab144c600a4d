import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

const PARTS = [
  { name: 'backend', output: 'dist/main.js', inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  {
    name: 'web-learner',
    output: 'dist-ssr/entry-server.cjs',
    inputs: ['src', 'public', 'scripts', 'index.html', 'package.json', 'vite.config.ts', '../scripts/vite'],
  },
  {
    name: 'web-admin',
    output: 'dist/index.html',
    inputs: ['src', 'public', 'scripts', 'index.html', 'login', 'package.json', 'vite.config.ts', '../scripts/vite'],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === '__tests__' || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Parts whose build output is missing or older than their sources. */
export function staleParts() {
  return PARTS.filter((part) => {
    const stamp = join(ROOT, part.name, 'dist', '.build-stamp');
    if (!existsSync(join(ROOT, part.name, part.output)) || !existsSync(stamp)) return true;
    const built = statSync(stamp).mtimeMs;
    return part.inputs.some((input) => newestMtime(join(ROOT, part.name, input)) > built);
  });
}

/**
 * Builds the parts in order. Quietly (the compilers' output is shown only
 * when a build fails) unless BUILD_VERBOSE=1.
 */
export function buildParts(parts, log, { verbose = process.env.BUILD_VERBOSE === '1' } = {}) {
  for (const part of parts) {
    const started = Date.now();
    log(`Building ${part.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', part.name], {
      cwd: ROOT,
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      if (!verbose) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      throw new Error(`Build of ${part.name} failed (its output is above)`);
    }
    writeFileSync(join(ROOT, part.name, 'dist', '.build-stamp'), new Date().toISOString());
    log(`Built ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
