import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { boolFromEnv, intFromEnv, validateNamespace } from './validate';

export class DatabaseConfig {
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// connection URL' })
  url: string;

  @IsInt() @Min(1) @Max(200)
  poolSize: number;

  @IsBoolean()
  logQueries: boolean;
}

export const databaseConfig = registerAs('database', (): DatabaseConfig =>
  validateNamespace(
    'database',
    DatabaseConfig,
    {
      url: process.env.DATABASE_URL,
      poolSize: intFromEnv(process.env.DB_POOL_SIZE, 10),
      logQueries: boolFromEnv(process.env.DB_LOG_QUERIES, false),
    },
    { url: 'DATABASE_URL', poolSize: 'DB_POOL_SIZE', logQueries: 'DB_LOG_QUERIES' },
  ),
);
