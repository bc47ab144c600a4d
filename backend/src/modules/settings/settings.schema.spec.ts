import { defaultsOf, SECRET_MASK, validateSection } from './settings.schema';

describe('settings schema', () => {
  it('has the spec defaults', () => {
    expect(defaultsOf('email')).toMatchObject({ smtpPort: 587, smtpEncryption: 'tls', smtpPassword: '' });
    expect(defaultsOf('payments')).toMatchObject({ currency: 'USD' });
    expect(defaultsOf('general')).toMatchObject({ timezone: 'UTC', language: 'en' });
    expect(defaultsOf('system')).toEqual({ maintenanceMode: false, debugMode: false, cacheEnabled: true, backupFrequency: 'daily', backupRetentionDays: 30 });
    expect(defaultsOf('notifications')).toEqual({
      emailNotifications: true,
      newUserNotifications: true,
      courseCompletionNotifications: false,
      systemAlerts: true,
      lessonDigest: true,
    });
    expect(defaultsOf('security')).toEqual({ twoFactorEnabled: false, sessionTimeout: 30 });
  });

  it.each([4, 481, 30.5, 'abc'])('refuses a session timeout of %p with a field message', (value) => {
    expect(validateSection('security', { sessionTimeout: value }).errors).toEqual({ sessionTimeout: 'Session timeout must be between 5 and 480 minutes' });
  });

  it('accepts boundaries and numeric text', () => {
    expect(validateSection('security', { sessionTimeout: 5 }).values).toEqual({ sessionTimeout: 5 });
    expect(validateSection('security', { sessionTimeout: '480' }).values).toEqual({ sessionTimeout: 480 });
  });

  it('refuses unknown fields, bad options and bad emails', () => {
    const { errors } = validateSection('general', { nope: 1, timezone: 'Mars', adminEmail: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['adminEmail', 'nope', 'timezone']);
    expect(errors.adminEmail).toBe('Please enter a valid email address');
  });

  it('leaves a secret unchanged when the mask or an empty field is sent, and removes it on null', () => {
    expect(validateSection('email', { smtpPassword: SECRET_MASK }).values).toEqual({});
    expect(validateSection('email', { smtpPassword: '' }).values).toEqual({});
    expect(validateSection('email', { smtpPassword: 'new' }).values).toEqual({ smtpPassword: 'new' });
    expect(validateSection('email', { smtpPassword: null }).values).toEqual({ smtpPassword: '' });
    expect(validateSection('email', { smtpPassword: 42 }).errors).toEqual({ smtpPassword: 'SMTP password must be a text of at most 500 characters' });
  });
});
