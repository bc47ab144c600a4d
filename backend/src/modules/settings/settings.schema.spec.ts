import { defaultsOf, SECRET_MASK, taxRateFor, validateSection } from './settings.schema';

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

  it('takes a cleared optional text (null or empty) as not set, and refuses to clear a required one', () => {
    expect(validateSection('general', { supportUrl: null, supportEmail: null, sellerName: '', groupChatUrl: '  ' })).toEqual({
      values: { supportUrl: '', supportEmail: '', sellerName: '', groupChatUrl: '' },
      errors: {},
    });
    expect(validateSection('email', { smtpHost: null, fromEmail: null }).values).toEqual({ smtpHost: '', fromEmail: '' });
    expect(validateSection('general', { siteName: null, adminEmail: '' }).errors).toEqual({
      siteName: 'Site name is required',
      adminEmail: 'Admin email is required',
    });
    expect(validateSection('general', { supportUrl: 42 }).errors).toEqual({ supportUrl: 'Support page URL must be a text of at most 500 characters' });
  });

  describe('tax rates per buyer country', () => {
    it('stores "DE=19, FR=20" from any spacing, case, separator (comma, semicolon, new line) and an optional %', () => {
      expect(validateSection('general', { taxRates: ' de = 19 ;fr:20%\nES=21.00, at=20,ch=8.1 ' }).values).toEqual({
        taxRates: 'DE=19, FR=20, ES=21, AT=20, CH=8.1',
      });
      expect(validateSection('general', { taxRates: '' }).values).toEqual({ taxRates: '' });
      expect(validateSection('general', { taxRates: null }).values).toEqual({ taxRates: '' });
      expect(defaultsOf('general')).toMatchObject({ taxRates: '', sellerTaxId: '' });
    });

    it.each([
      ['DE19', 'Tax rates: "DE19" is not a country code and a rate, such as DE=19 or CH=8.1'],
      ['Germany=19', 'Tax rates: "Germany=19" is not a country code and a rate, such as DE=19 or CH=8.1'],
      ['DE=19,5', 'Tax rates: "5" is not a country code and a rate, such as DE=19 or CH=8.1'],
      ['DE=19.125', 'Tax rates: "DE=19.125" is not a country code and a rate, such as DE=19 or CH=8.1'],
      ['DE=-1', 'Tax rates: "DE=-1" is not a country code and a rate, such as DE=19 or CH=8.1'],
      ['XX=19', 'Tax rates: XX is not a country code (ISO 3166, two letters, such as DE)'],
      ['UK=20', 'Tax rates: UK is not a country code (ISO 3166, two letters, such as DE)'],
      ['DE=19, de=7', 'Tax rates: DE is listed twice'],
      ['DE=101', 'Tax rates: the rate of DE must be a percentage from 0 to 100'],
    ])('refuses %p with a message saying what is wrong', (taxRates, message) => {
      expect(validateSection('general', { taxRates })).toEqual({ values: {}, errors: { taxRates: message } });
    });

    it('refuses a value that is not text or too long', () => {
      expect(validateSection('general', { taxRates: 19 }).errors.taxRates).toBe('Tax rates by buyer country must be a text of at most 2000 characters');
      expect(validateSection('general', { taxRates: 'DE=19, '.repeat(300) }).errors.taxRates).toMatch(/at most 2000 characters/);
    });

    it("gives a buyer their country's rate, and none for another country, no country or no rates", () => {
      expect(taxRateFor('DE=19, FR=20, CH=8.1', 'FR')).toBe('20');
      expect(taxRateFor('DE=19, FR=20, CH=8.1', 'CH')).toBe('8.1');
      expect(taxRateFor('DE=19, FR=20', 'US')).toBeNull();
      expect(taxRateFor('DE=19, FR=20', null)).toBeNull();
      expect(taxRateFor('', 'DE')).toBeNull();
    });
  });
});
