import { registerAs } from '@nestjs/config';
import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { resolve } from 'node:path';
import { boolFromEnv, intFromEnv, isProduction, validateNamespace } from './validate';

export class MailConfig {
  /** Default transport; the admin Email settings override it when an SMTP host is saved there. */
  @IsOptional()
  @IsString()
  smtpHost?: string;

  @IsInt()
  @Min(1)
  @Max(65535)
  smtpPort: number;

  @IsOptional()
  @IsString()
  smtpUser?: string;

  @IsOptional()
  @IsString()
  smtpPassword?: string;

  @IsBoolean()
  smtpSecure: boolean;

  @IsEmail()
  from: string;

  /** Without an SMTP host, outgoing mail is written here as .json files (development and tests). */
  @IsString()
  captureDir: string;

  @IsBoolean()
  captureEnabled: boolean;

  /**
   * Whether the mail server of Admin > Settings > Email may be a loopback,
   * private or link-local address (SMTP_ALLOW_PRIVATE_HOSTS): yes outside
   * production (local test servers), no in production unless set.
   */
  @IsBoolean()
  allowPrivateHosts: boolean;
}

export const mailConfig = registerAs('mail', (): MailConfig => {
  const env = process.env;
  const dataDir = resolve(env.DATA_DIR ?? resolve(__dirname, '..', '..', '..', '.data'));
  return validateNamespace(
    'mail',
    MailConfig,
    {
      smtpHost: env.SMTP_HOST || undefined,
      smtpPort: intFromEnv(env.SMTP_PORT, 587),
      smtpUser: env.SMTP_USER || undefined,
      smtpPassword: env.SMTP_PASSWORD || undefined,
      smtpSecure: boolFromEnv(env.SMTP_SECURE, false),
      from: env.MAIL_FROM ?? 'no-reply@example.com',
      captureDir: resolve(env.MAIL_CAPTURE_DIR ?? resolve(dataDir, 'mail')),
      captureEnabled: boolFromEnv(env.MAIL_CAPTURE, !isProduction()),
      allowPrivateHosts: boolFromEnv(env.SMTP_ALLOW_PRIVATE_HOSTS, !isProduction()),
    },
    { smtpHost: 'SMTP_HOST', smtpPort: 'SMTP_PORT', from: 'MAIL_FROM', captureDir: 'MAIL_CAPTURE_DIR', allowPrivateHosts: 'SMTP_ALLOW_PRIVATE_HOSTS' },
  );
});
