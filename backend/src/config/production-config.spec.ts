import { randomBytes } from 'node:crypto';
import { appConfig } from './app.config';
import { authConfig } from './auth.config';
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

  it('keeps the API docs off unless API_DOCS=true', () => {
    expect(appConfig().docsEnabled).toBe(false);
    process.env.API_DOCS = 'true';
    expect(appConfig().docsEnabled).toBe(true);
    process.env.NODE_ENV = 'development';
    delete process.env.API_DOCS;
    expect(appConfig().docsEnabled).toBe(true);
  });
});
