import { registerAs } from '@nestjs/config';
import { IsString, Matches } from 'class-validator';
import { randomKeyProblem, WEAK_SECRET_HINT, weakSecretProblem } from './secret-strength';
import { isProduction, validateNamespace } from './validate';

export class SecretsConfig {
  /** 32 bytes, hex: encrypts secrets stored in the settings table (AES-256-GCM). */
  @IsString()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hex characters (openssl rand -hex 32)' })
  settingsKey: string;
}

/** A weak settings key is replaced by a new one; what it encrypted (provider keys, the SMTP password) is entered again in Admin > Settings. */
const REENTER = 'then enter the secrets of Admin > Settings again: they were encrypted with the old key';

export const secretsConfig = registerAs('secrets', (): SecretsConfig => {
  const key = process.env.SETTINGS_ENCRYPTION_KEY;
  const weak = key && /^[0-9a-fA-F]{64}$/.test(key) ? weakSecretProblem(key.toLowerCase()) : null;
  if (weak) throw new Error(`Invalid configuration (secrets):\n  SETTINGS_ENCRYPTION_KEY: is too weak: it ${weak} (${WEAK_SECRET_HINT})`);
  // Production: hex words ("deadbeefcafe...") are no random key either.
  const problem = isProduction() && key && /^[0-9a-fA-F]{64}$/.test(key) ? randomKeyProblem(key) : null;
  if (problem) throw new Error(`Invalid configuration (secrets):\n  SETTINGS_ENCRYPTION_KEY: ${problem} (${WEAK_SECRET_HINT}; ${REENTER})`);
  return validateNamespace('secrets', SecretsConfig, { settingsKey: key }, { settingsKey: 'SETTINGS_ENCRYPTION_KEY' });
});
