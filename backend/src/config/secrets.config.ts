import { registerAs } from '@nestjs/config';
import { IsString, Matches } from 'class-validator';
import { validateNamespace } from './validate';

export class SecretsConfig {
  /** 32 bytes, hex: encrypts secrets stored in the settings table (AES-256-GCM). */
  @IsString()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hex characters (openssl rand -hex 32)' })
  settingsKey: string;
}

export const secretsConfig = registerAs('secrets', (): SecretsConfig =>
  validateNamespace('secrets', SecretsConfig, { settingsKey: process.env.SETTINGS_ENCRYPTION_KEY }, { settingsKey: 'SETTINGS_ENCRYPTION_KEY' }),
);
