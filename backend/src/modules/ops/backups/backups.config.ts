import { registerAs } from '@nestjs/config';
import { IsString, MinLength } from 'class-validator';
import { validateNamespace } from '../../../config/validate';

export class BackupsConfig {
  /** The pg_dump program: a name looked up in PATH or an absolute path (pick the one matching the server's major version). */
  @IsString() @MinLength(1)
  pgDumpPath: string;
}

export const backupsConfig = registerAs('backups', (): BackupsConfig =>
  validateNamespace('backups', BackupsConfig, { pgDumpPath: process.env.PG_DUMP_PATH || 'pg_dump' }, { pgDumpPath: 'PG_DUMP_PATH' }),
);
