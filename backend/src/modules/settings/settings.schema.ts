/**
 * The admin Settings, section by section, with the spec's field names,
 * options and defaults. Secrets are encrypted at rest and never returned.
 */
export type FieldSpec =
  | { type: 'string'; default: string; max: number; format?: 'email' | 'url' | 'host'; label: string }
  | { type: 'boolean'; default: boolean; label: string }
  | { type: 'int'; default: number; min: number; max: number; label: string; unit?: string }
  | { type: 'enum'; default: string; options: readonly string[]; label: string }
  | { type: 'secret'; label: string };

export const SETTINGS_SCHEMA = {
  general: {
    siteName: { type: 'string', default: 'Affiliate Academy', max: 80, label: 'Site name' },
    siteDescription: { type: 'string', default: 'Courses, automations and a members\u2019 resource area for affiliate marketers.', max: 300, label: 'Site description' },
    adminEmail: { type: 'string', default: 'admin@example.com', max: 254, format: 'email', label: 'Admin email' },
    timezone: { type: 'enum', default: 'UTC', options: ['UTC', 'Eastern', 'Central', 'Mountain', 'Pacific'], label: 'Timezone' },
    language: { type: 'enum', default: 'en', options: ['en', 'es', 'fr', 'de'], label: 'Language' },
    groupChatUrl: { type: 'string', default: 'https://chat.example.com/join/affiliate-academy', max: 500, format: 'url', label: 'Group chat link' },
  },
  security: {
    twoFactorEnabled: { type: 'boolean', default: false, label: 'Two-factor authentication' },
    sessionTimeout: { type: 'int', default: 30, min: 5, max: 480, label: 'Session timeout', unit: 'minutes' },
  },
  notifications: {
    emailNotifications: { type: 'boolean', default: true, label: 'Email notifications' },
    newUserNotifications: { type: 'boolean', default: true, label: 'New user notifications' },
    courseCompletionNotifications: { type: 'boolean', default: false, label: 'Course completion notifications' },
    systemAlerts: { type: 'boolean', default: true, label: 'System alerts' },
  },
  system: {
    maintenanceMode: { type: 'boolean', default: false, label: 'Maintenance mode' },
    debugMode: { type: 'boolean', default: false, label: 'Debug mode' },
    cacheEnabled: { type: 'boolean', default: true, label: 'Cache enabled' },
    backupFrequency: { type: 'enum', default: 'daily', options: ['hourly', 'daily', 'weekly', 'monthly'], label: 'Backup frequency' },
  },
  payments: {
    cardPublicKey: { type: 'string', default: '', max: 300, label: 'Card provider public key' },
    cardSecretKey: { type: 'secret', label: 'Card provider secret key' },
    paypalClientId: { type: 'string', default: '', max: 300, label: 'PayPal client ID' },
    currency: { type: 'enum', default: 'USD', options: ['USD', 'EUR', 'GBP', 'CAD'], label: 'Currency' },
    cryptoApiKey: { type: 'secret', label: 'Crypto processor API key' },
    cryptoIpnSecret: { type: 'secret', label: 'Crypto processor IPN secret' },
  },
  email: {
    smtpHost: { type: 'string', default: '', max: 253, format: 'host', label: 'SMTP host' },
    smtpPort: { type: 'int', default: 587, min: 1, max: 65535, label: 'SMTP port' },
    smtpUsername: { type: 'string', default: '', max: 254, label: 'SMTP username' },
    smtpPassword: { type: 'secret', label: 'SMTP password' },
    smtpEncryption: { type: 'enum', default: 'tls', options: ['tls', 'ssl', 'none'], label: 'Encryption' },
    fromEmail: { type: 'string', default: '', max: 254, format: 'email', label: 'From address' },
  },
} as const satisfies Record<string, Record<string, FieldSpec>>;

export type SettingsSchema = typeof SETTINGS_SCHEMA;
export type SectionName = keyof SettingsSchema;
export const SECTIONS = Object.keys(SETTINGS_SCHEMA) as SectionName[];

type ValueOf<F> = F extends { type: 'boolean' } ? boolean : F extends { type: 'int' } ? number : string;
export type SectionValues<S extends SectionName> = { [K in keyof SettingsSchema[S]]: ValueOf<SettingsSchema[S][K]> };
export type AllSettings = { [S in SectionName]: SectionValues<S> };

/** What the admin sees in place of a stored secret. Sending it back leaves the secret unchanged. */
export const SECRET_MASK = '********';

export function isSection(name: string): name is SectionName {
  return Object.prototype.hasOwnProperty.call(SETTINGS_SCHEMA, name);
}

export function fieldsOf(section: SectionName): Record<string, FieldSpec> {
  return SETTINGS_SCHEMA[section] as Record<string, FieldSpec>;
}

export function defaultsOf<S extends SectionName>(section: S): SectionValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(fieldsOf(section))) out[key] = spec.type === 'secret' ? '' : spec.default;
  return out as SectionValues<S>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST = /^[A-Za-z0-9.-]{1,253}$/;

/**
 * Validates a partial section update. Returns the accepted values and the
 * field errors (unknown fields, wrong types, out-of-range numbers, options).
 */
export function validateSection(section: SectionName, patch: Record<string, unknown>): { values: Record<string, unknown>; errors: Record<string, string> } {
  const spec = fieldsOf(section);
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(patch)) {
    const field = spec[key];
    if (!field) {
      errors[key] = `Unknown setting "${key}" in ${section}`;
      continue;
    }
    switch (field.type) {
      case 'boolean':
        if (typeof value !== 'boolean') errors[key] = `${field.label} must be on or off`;
        else values[key] = value;
        break;
      case 'int': {
        const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < field.min || n > field.max) {
          errors[key] = `${field.label} must be between ${field.min} and ${field.max}${field.unit ? ` ${field.unit}` : ''}`;
        } else values[key] = n;
        break;
      }
      case 'enum':
        if (typeof value !== 'string' || !field.options.includes(value)) errors[key] = `${field.label} must be one of ${field.options.join(', ')}`;
        else values[key] = value;
        break;
      case 'secret':
        // Write-only: the console shows the mask and sends it (or an empty field) back untouched,
        // so both keep the stored secret; an explicit null removes it.
        if (value === undefined || value === '' || value === SECRET_MASK) break;
        if (value === null) values[key] = '';
        else if (typeof value !== 'string' || value.length > 500) errors[key] = `${field.label} must be a text of at most 500 characters`;
        else values[key] = value;
        break;
      case 'string': {
        if (typeof value !== 'string' || value.length > field.max) {
          errors[key] = `${field.label} must be a text of at most ${field.max} characters`;
          break;
        }
        const text = value.trim();
        if (text !== '' && field.format === 'email' && !EMAIL.test(text)) errors[key] = 'Please enter a valid email address';
        else if (text !== '' && field.format === 'host' && !HOST.test(text)) errors[key] = `${field.label} must be a host name`;
        else if (text !== '' && field.format === 'url' && !/^https?:\/\/[^\s]+$/i.test(text)) errors[key] = `${field.label} must be an http(s) URL`;
        else values[key] = text;
        break;
      }
    }
  }
  return { values, errors };
}
