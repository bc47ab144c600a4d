import { registerAs } from '@nestjs/config';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { intFromEnv, validateNamespace } from './validate';

export class AuthConfig {
  @IsString() @MinLength(32, { message: 'must be at least 32 characters (generate one with: openssl rand -hex 32)' })
  jwtSecret: string;

  @IsString()
  issuer: string;

  @IsString()
  audience: string;

  @IsInt() @Min(60)
  learnerTtlSeconds: number;

  @IsInt() @Min(60)
  learnerRememberTtlSeconds: number;

  @IsInt() @Min(1) @Max(1_000_000)
  loginMaxFailures: number;

  @IsInt() @Min(1) @Max(1_000_000)
  loginMaxFailuresPerIp: number;

  @IsInt() @Min(1)
  loginWindowSeconds: number;

  @IsInt() @Min(60)
  resetTokenTtlSeconds: number;
}

export const authConfig = registerAs('auth', (): AuthConfig => {
  const env = process.env;
  return validateNamespace(
    'auth',
    AuthConfig,
    {
      jwtSecret: env.JWT_SECRET,
      issuer: env.JWT_ISSUER ?? 'course-platform',
      audience: env.JWT_AUDIENCE ?? 'course-platform',
      learnerTtlSeconds: intFromEnv(env.LEARNER_SESSION_SECONDS, 24 * 3600),
      learnerRememberTtlSeconds: intFromEnv(env.LEARNER_REMEMBER_SECONDS, 30 * 24 * 3600),
      loginMaxFailures: intFromEnv(env.LOGIN_MAX_FAILURES, 5),
      loginMaxFailuresPerIp: intFromEnv(env.LOGIN_MAX_FAILURES_PER_IP, 20),
      loginWindowSeconds: intFromEnv(env.LOGIN_WINDOW_SECONDS, 60),
      resetTokenTtlSeconds: intFromEnv(env.RESET_TOKEN_SECONDS, 3600),
    },
    {
      jwtSecret: 'JWT_SECRET',
      learnerTtlSeconds: 'LEARNER_SESSION_SECONDS',
      learnerRememberTtlSeconds: 'LEARNER_REMEMBER_SECONDS',
      loginMaxFailures: 'LOGIN_MAX_FAILURES',
      loginMaxFailuresPerIp: 'LOGIN_MAX_FAILURES_PER_IP',
      loginWindowSeconds: 'LOGIN_WINDOW_SECONDS',
      resetTokenTtlSeconds: 'RESET_TOKEN_SECONDS',
    },
  );
});
