import { randomBytes } from 'node:crypto';
import { appConfig } from './app.config';
import { authConfig } from './auth.config';
import { mailConfig } from './mail.config';
import { secretsConfig } from './secrets.config';

describe('production configuration', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.NODE_ENV = 'production';
    process.env.JWT_SECRET = randomBytes(32).toString('hex');
    process.env.SETTINGS_ENCRYPTION_KEY = randomBytes(32).toString('hex');
    delete process.env.API_DOCS;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('refuses long but weak secrets, naming the variable and how to make a good one', () => {
    process.env.JWT_SECRET = '0'.repeat(64);
    expect(() => authConfig()).toThrow(/JWT_SECRET: is too weak: it uses only 1 different characters \(generate one with: openssl rand -hex 32\)/);
    process.env.JWT_SECRET = 'secret'.repeat(8);
    expect(() => authConfig()).toThrow(/JWT_SECRET: is too weak/);
    process.env.JWT_SECRET = randomBytes(32).toString('hex');
    expect(authConfig().jwtSecret).toBe(process.env.JWT_SECRET);

    process.env.SETTINGS_ENCRYPTION_KEY = 'ab'.repeat(32);
    expect(() => secretsConfig()).toThrow(/SETTINGS_ENCRYPTION_KEY: is too weak/);
  });

  it.each([
    ['a human passphrase with spaces', 'correct horse battery staple is our production secret', /is not a random key: it must be hex or base64/],
    ['a passphrase in base64 letters', 'MyCompanyName2024ProductionJwtSecretKeyDoNotShare1', /reads as words/],
    ['a passphrase in base64url letters', 'my-company-jwt-secret-do-not-share-2024-production', /reads as words/],
    ['a sentence without spaces', 'ThisIsMyVeryLongAndSecurePassphraseForTheCoursePlatform2024', /reads as words/],
    ['hex words', 'decade1facade2beef3cafe4babe5feed6dead7bead8fade9face0deafcafe12', /reads as words/],
    ['16 random bytes in base64', randomBytes(16).toString('base64'), /holds 16 bytes: it must hold at least 32 random bytes/],
    ['31 random bytes in hex', randomBytes(31).toString('hex'), /holds 31 bytes/],
  ])('refuses %s as JWT_SECRET, saying what to do', (_what, secret, reason) => {
    process.env.JWT_SECRET = secret;
    expect(() => authConfig()).toThrow(reason);
    expect(() => authConfig()).toThrow(/^Invalid configuration \(auth\):\n {2}JWT_SECRET: .*\(generate one with: openssl rand -hex 32\)$/);
  });

  it('takes random keys of 32+ bytes in hex, base64 (padded or not) and base64url', () => {
    for (let i = 0; i < 200; i++) {
      for (const secret of [
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('hex').toUpperCase(),
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('base64').replace(/=+$/, ''),
        randomBytes(32).toString('base64url'),
        randomBytes(48).toString('base64url'),
      ]) {
        process.env.JWT_SECRET = secret;
        expect(authConfig().jwtSecret).toBe(secret);
      }
    }
  });

  it('refuses hex words as SETTINGS_ENCRYPTION_KEY, saying what to do with the stored secrets', () => {
    process.env.SETTINGS_ENCRYPTION_KEY = 'decade1facade2beef3cafe4babe5feed6dead7bead8fade9face0deafcafe12';
    expect(() => secretsConfig()).toThrow(
      /SETTINGS_ENCRYPTION_KEY: is not a random key: it reads as words \(a passphrase\) \(generate one with: openssl rand -hex 32; then enter the secrets of Admin > Settings again/,
    );
  });

  it('refuses the same key for sessions and settings, however it is written, and says to change JWT_SECRET', () => {
    const key = randomBytes(32);
    for (const [jwt, settings] of [
      [key.toString('hex'), key.toString('hex')],
      [key.toString('hex').toUpperCase(), key.toString('hex')],
      [key.toString('base64url'), key.toString('hex')],
    ]) {
      process.env.JWT_SECRET = jwt;
      process.env.SETTINGS_ENCRYPTION_KEY = settings;
      expect(() => authConfig()).toThrow(
        /JWT_SECRET: must not be the same key as SETTINGS_ENCRYPTION_KEY: generate a new JWT_SECRET with: openssl rand -hex 32 \(everyone signs in again; keep SETTINGS_ENCRYPTION_KEY/,
      );
      // The same outside production: one key for two jobs is never right.
      process.env.NODE_ENV = 'development';
      expect(() => authConfig()).toThrow(/must not be the same key as SETTINGS_ENCRYPTION_KEY/);
      process.env.NODE_ENV = 'production';
    }
  });

  it('outside production, a long secret that is not guessable is still enough (development and tests)', () => {
    process.env.NODE_ENV = 'development';
    process.env.JWT_SECRET = 'ThisIsMyVeryLongAndSecurePassphraseForTheCoursePlatform2024';
    expect(authConfig().jwtSecret).toBe(process.env.JWT_SECRET);
  });

  it('refuses internal mail servers in the console settings unless SMTP_ALLOW_PRIVATE_HOSTS=true (allowed outside production)', () => {
    delete process.env.SMTP_ALLOW_PRIVATE_HOSTS;
    expect(mailConfig().allowPrivateHosts).toBe(false);
    process.env.SMTP_ALLOW_PRIVATE_HOSTS = 'true';
    expect(mailConfig().allowPrivateHosts).toBe(true);
    delete process.env.SMTP_ALLOW_PRIVATE_HOSTS;
    process.env.NODE_ENV = 'development';
    expect(mailConfig().allowPrivateHosts).toBe(true);
  });

  it('keeps the API docs off unless API_DOCS=true', () => {
    expect(appConfig().docsEnabled).toBe(false);
    process.env.API_DOCS = 'true';
    expect(appConfig().docsEnabled).toBe(true);
    process.env.NODE_ENV = 'development';
    delete process.env.API_DOCS;
    expect(appConfig().docsEnabled).toBe(true);
  });
});
