import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GENERATED = {
  JWT_SECRET: () => randomBytes(32).toString('hex'),
  SETTINGS_ENCRYPTION_KEY: () => randomBytes(32).toString('hex'),
  SANDBOX_IPN_SECRET: () => randomBytes(24).toString('hex'),
  EMBEDDED_PG_PASSWORD: () => randomBytes(18).toString('hex'),
};

/**
 * Local secrets for development: generated once and kept in
 * .data/secrets.json (never in git), so restarts keep sessions and
 * encrypted settings readable. Production must provide its own.
 */
export function localSecrets(dir, env) {
  const file = join(dir, 'secrets.json');
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const [name, make] of Object.entries(GENERATED)) {
    if (!stored[name]) {
      stored[name] = make();
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  }
  const out = {};
  for (const name of Object.keys(GENERATED)) out[name] = env[name] || stored[name];
  return out;
}
