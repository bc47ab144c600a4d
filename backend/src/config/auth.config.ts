import { registerAs } from '@nestjs/config';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { randomKeyProblem, sameKey, WEAK_SECRET_HINT, weakSecretProblem } from './secret-strength';
import { intFromEnv, isProduction, validateNamespace } from './validate';

export class AuthConfig {
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters (generate one with: openssl rand -hex 32)' })
  jwtSecret: string;

  @IsString()
  issuer: string;

  @IsString()
  audience: string;

  @IsInt()
  @Min(60)
  learnerTtlSeconds: number;

  @IsInt()
  @Min(60)
  learnerRememberTtlSeconds: number;

  @IsInt()
  @Min(1)
  @Max(1_000_000)
  loginMaxFailures: number;

  @IsInt()
  @Min(1)
  @Max(1_000_000)
  loginMaxFailuresPerIp: number;

  @IsInt()
  @Min(1)
  loginWindowSeconds: number;

  @IsInt()
  @Min(60)
  resetTokenTtlSeconds: number;

  /** Seconds in one minute of the admin session clocks (the Security setting sessionTimeout, the absolute maximum): 60, except in tests that shorten admin sessions. */
  @IsInt()
  @Min(1)
  @Max(60)
  sessionMinuteSeconds: number;

  /** An admin session ends this long after sign-in whatever the activity (ADMIN_SESSION_MAX_HOURS, in minutes of sessionMinuteSeconds). */
  @IsInt()
  @Min(1)
  adminSessionMaxSeconds: number;

  /** The console warns this long before an idle admin session ends. */
  @IsInt()
  @Min(1)
  adminSessionWarningSeconds: number;

  /** Wrong second-factor codes allowed per account within twoFactorWindowSeconds, whatever the addresses (a correct password never clears them). */
  @IsInt()
  @Min(1)
  @Max(100)
  twoFactorMaxFailures: number;

  @IsInt()
  @Min(1)
  twoFactorWindowSeconds: number;

  /** The first lock of an account's code step; each further one within a day lasts twice as long, up to twoFactorMaxLockSeconds. */
  @IsInt()
  @Min(1)
  twoFactorLockSeconds: number;

  @IsInt()
  @Min(1)
  twoFactorMaxLockSeconds: number;

  /** Requests one API key may make per minute (all API instances together); past it, 429 with Retry-After. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  apiKeyMaxPerMinute: number;
}

export const authConfig = registerAs('auth', (): AuthConfig => {
  const env = process.env;
  // Production: a random key (hex or base64 of 32+ bytes, not a passphrase); elsewhere at least not a guessable one.
  if (isProduction() && env.JWT_SECRET) {
    const problem = randomKeyProblem(env.JWT_SECRET);
    if (problem) throw new Error(`Invalid configuration (auth):\n  JWT_SECRET: ${problem} (${WEAK_SECRET_HINT})`);
  }
  const weak = env.JWT_SECRET && env.JWT_SECRET.length >= 32 ? weakSecretProblem(env.JWT_SECRET) : null;
  if (weak) throw new Error(`Invalid configuration (auth):\n  JWT_SECRET: is too weak: it ${weak} (${WEAK_SECRET_HINT})`);
  // One key for two jobs: whoever learns the session key could also decrypt the stored provider secrets. JWT_SECRET is the one to
  // change (everyone signs in again); a new SETTINGS_ENCRYPTION_KEY would leave the stored secrets unreadable.
  if (env.JWT_SECRET && env.SETTINGS_ENCRYPTION_KEY && sameKey(env.JWT_SECRET, env.SETTINGS_ENCRYPTION_KEY))
    throw new Error(
      `Invalid configuration (auth):\n  JWT_SECRET: must not be the same key as SETTINGS_ENCRYPTION_KEY: generate a new JWT_SECRET with: openssl rand -hex 32 (everyone signs in again; keep SETTINGS_ENCRYPTION_KEY, it decrypts the stored settings)`,
    );
  if (isProduction() && env.SESSION_MINUTE_SECONDS && env.SESSION_MINUTE_SECONDS !== '60') {
    throw new Error('Invalid configuration (auth):\n  SESSION_MINUTE_SECONDS: only for tests; must be 60 (or unset) when NODE_ENV=production');
  }
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
      sessionMinuteSeconds: intFromEnv(env.SESSION_MINUTE_SECONDS, 60),
      adminSessionMaxSeconds: intFromEnv(env.ADMIN_SESSION_MAX_HOURS, 12) * 60 * intFromEnv(env.SESSION_MINUTE_SECONDS, 60),
      adminSessionWarningSeconds: intFromEnv(env.ADMIN_SESSION_WARNING_SECONDS, 120),
      twoFactorMaxFailures: intFromEnv(env.TWO_FACTOR_MAX_FAILURES, 5),
      twoFactorWindowSeconds: intFromEnv(env.TWO_FACTOR_WINDOW_SECONDS, 15 * 60),
      twoFactorLockSeconds: intFromEnv(env.TWO_FACTOR_LOCK_SECONDS, 15 * 60),
      twoFactorMaxLockSeconds: intFromEnv(env.TWO_FACTOR_MAX_LOCK_SECONDS, 24 * 3600),
      apiKeyMaxPerMinute: intFromEnv(env.API_KEY_MAX_PER_MINUTE, 600),
    },
    {
      jwtSecret: 'JWT_SECRET',
      learnerTtlSeconds: 'LEARNER_SESSION_SECONDS',
      learnerRememberTtlSeconds: 'LEARNER_REMEMBER_SECONDS',
      loginMaxFailures: 'LOGIN_MAX_FAILURES',
      loginMaxFailuresPerIp: 'LOGIN_MAX_FAILURES_PER_IP',
      loginWindowSeconds: 'LOGIN_WINDOW_SECONDS',
      resetTokenTtlSeconds: 'RESET_TOKEN_SECONDS',
      sessionMinuteSeconds: 'SESSION_MINUTE_SECONDS',
      adminSessionMaxSeconds: 'ADMIN_SESSION_MAX_HOURS',
      adminSessionWarningSeconds: 'ADMIN_SESSION_WARNING_SECONDS',
      twoFactorMaxFailures: 'TWO_FACTOR_MAX_FAILURES',
      twoFactorWindowSeconds: 'TWO_FACTOR_WINDOW_SECONDS',
      twoFactorLockSeconds: 'TWO_FACTOR_LOCK_SECONDS',
      twoFactorMaxLockSeconds: 'TWO_FACTOR_MAX_LOCK_SECONDS',
      apiKeyMaxPerMinute: 'API_KEY_MAX_PER_MINUTE',
    },
  );
});
