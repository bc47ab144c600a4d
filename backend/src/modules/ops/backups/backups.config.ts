import { registerAs } from '@nestjs/config';
import { IsOptional, IsString, MinLength } from 'class-validator';
import { validateNamespace } from '../../../config/validate';

export class BackupsConfig {
  /**
   * The pg_dump program to use (a name in PATH or an absolute path); unset:
   * the first one found whose major version is at least the server's, else
   * the built-in exporter.
   */
  @IsOptional()
  @IsString()
  @MinLength(1)
  pgDumpPath?: string;
}

export const backupsConfig = registerAs(
  'backups',
  (): BackupsConfig => validateNamespace('backups', BackupsConfig, { pgDumpPath: process.env.PG_DUMP_PATH || undefined }, { pgDumpPath: 'PG_DUMP_PATH' }),
);
