import { isCountryCode, type CountryCode } from '../../common/i18n/countries';

/**
 * The admin Settings, section by section, with the spec's field names,
 * options and defaults. Secrets are encrypted at rest and never returned.
 */
export type FieldSpec =
  /** Text; empty (or null) means "not set" unless `required`. */
  | { type: 'string'; default: string; max: number; format?: 'email' | 'url' | 'host'; label: string; required?: true }
  | { type: 'boolean'; default: boolean; label: string }
  | { type: 'int'; default: number; min: number; max: number; label: string; unit?: string }
  | { type: 'enum'; default: string; options: readonly string[]; label: string }
  | { type: 'money'; default: string; label: string }
  /** "DE=19, FR=20": a tax rate per buyer country (see parseTaxRates); empty: no tax. */
  | { type: 'taxRates'; default: string; max: number; label: string }
  | { type: 'secret'; label: string };

/** Settings > General > Timezone: the zone of each option (analytics day boundaries, dates in the console and in emails). */
export const TIME_ZONES = {
  UTC: 'UTC',
  Eastern: 'America/New_York',
  Central: 'America/Chicago',
  Mountain: 'America/Denver',
  Pacific: 'America/Los_Angeles',
} as const;

/** The IANA zone of a Timezone option (UTC for anything else). */
export function ianaZone(option: string): string {
  return (TIME_ZONES as Record<string, string>)[option] ?? 'UTC';
}

/** Settings > General > Language: the learner site's interface languages, and `auto` for the visitor's browser language. */
export const SITE_LANGUAGES = ['en', 'es', 'fr', 'de', 'auto'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** The Language option as the learner site reads it (English for anything else). */
export function siteLanguage(option: string): SiteLanguage {
  return (SITE_LANGUAGES as readonly string[]).includes(option) ? (option as SiteLanguage) : 'en';
}

/** The currencies the product sells in (Settings > Payments > Currency), each with its own price. */
export const SALE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export type SaleCurrency = (typeof SALE_CURRENCIES)[number];

/** A price: a positive amount with at most two decimals, kept as decimal text ("497.00"). */
const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
export const MONEY_MAX = 1_000_000;

export const SETTINGS_SCHEMA = {
  general: {
    siteName: { type: 'string', default: 'Affiliate Academy', max: 80, label: 'Site name', required: true },
    siteDescription: {
      type: 'string',
      default: 'Courses, automations and a members\u2019 resource area for affiliate marketers.',
      max: 300,
      label: 'Site description',
    },
    adminEmail: { type: 'string', default: 'admin@example.com', max: 254, format: 'email', label: 'Admin email', required: true },
    timezone: { type: 'enum', default: 'UTC', options: Object.keys(TIME_ZONES), label: 'Timezone' },
    /** The learner site's interface language; `auto`: the visitor's browser language (English when it is none of these). */
    language: { type: 'enum', default: 'en', options: SITE_LANGUAGES, label: 'Language' },
    groupChatUrl: { type: 'string', default: 'https://chat.example.com/join/affiliate-academy', max: 500, format: 'url', label: 'Group chat link' },
    /** Shown in the footer, on payment failure screens and in every email; empty: the admin email. */
    supportEmail: { type: 'string', default: '', max: 254, format: 'email', label: 'Support email' },
    supportUrl: { type: 'string', default: '', max: 500, format: 'url', label: 'Support page URL' },
    /** The seller on receipts; empty name: the site name. */
    sellerName: { type: 'string', default: '', max: 120, label: 'Seller name (receipts)' },
    sellerAddress: {
      type: 'string',
      default: 'Affiliate Academy Ltd., 1 Coney Drive, Suite 200, Belize City, Belize',
      max: 300,
      label: 'Seller address (receipts)',
    },
    /** Printed under the seller on invoices and credit notes; empty: none. */
    sellerTaxId: { type: 'string', default: '', max: 40, label: 'Seller VAT/tax ID (invoices)' },
    /** Prices include the tax: an invoice to a buyer from a listed country shows net, rate and tax; any other says no tax was charged. */
    taxRates: { type: 'taxRates', default: '', max: 2000, label: 'Tax rates by buyer country' },
  },
  security: {
    twoFactorEnabled: { type: 'boolean', default: false, label: 'Two-factor authentication' },
    sessionTimeout: { type: 'int', default: 30, min: 5, max: 480, label: 'Session timeout', unit: 'minutes' },
  },
  notifications: {
    emailNotifications: { type: 'boolean', default: true, label: 'Email notifications' },
    newUserNotifications: { type: 'boolean', default: true, label: 'New user notifications' },
    courseCompletionNotifications: { type: 'boolean', default: false, label: 'Course completion notifications' },
    /** Learners get one email a day listing the dripped lessons that opened for them since the previous one. */
    lessonDigest: { type: 'boolean', default: true, label: 'New lessons digest to learners' },
    systemAlerts: { type: 'boolean', default: true, label: 'System alerts' },
  },
  system: {
    maintenanceMode: { type: 'boolean', default: false, label: 'Maintenance mode' },
    debugMode: { type: 'boolean', default: false, label: 'Debug mode' },
    cacheEnabled: { type: 'boolean', default: true, label: 'Cache enabled' },
    backupFrequency: { type: 'enum', default: 'daily', options: ['hourly', 'daily', 'weekly', 'monthly'], label: 'Backup frequency' },
    backupRetentionDays: { type: 'int', default: 30, min: 1, max: 3650, label: 'Keep backups for', unit: 'days' },
  },
  payments: {
    cardPublicKey: { type: 'string', default: '', max: 300, label: 'Card provider public key' },
    cardSecretKey: { type: 'secret', label: 'Card provider secret key' },
    /** Verifies the card provider's webhooks (Stripe-Signature); empty: card payments are not offered. */
    cardWebhookSecret: { type: 'secret', label: 'Card provider webhook signing secret' },
    paypalClientId: { type: 'string', default: '', max: 300, label: 'PayPal client ID' },
    paypalClientSecret: { type: 'secret', label: 'PayPal client secret' },
    /** The id PayPal gave our webhook; its verification call checks each notification against it. */
    paypalWebhookId: { type: 'string', default: '', max: 100, label: 'PayPal webhook ID' },
    currency: { type: 'enum', default: 'USD', options: SALE_CURRENCIES, label: 'Currency' },
    /** The price of lifetime access in each currency, and the crossed-out compare-at price (the spec's 497 and 997). */
    priceUSD: { type: 'money', default: '497.00', label: 'Price in USD' },
    compareAtUSD: { type: 'money', default: '997.00', label: 'Compare-at price in USD' },
    priceEUR: { type: 'money', default: '497.00', label: 'Price in EUR' },
    compareAtEUR: { type: 'money', default: '997.00', label: 'Compare-at price in EUR' },
    priceGBP: { type: 'money', default: '497.00', label: 'Price in GBP' },
    compareAtGBP: { type: 'money', default: '997.00', label: 'Compare-at price in GBP' },
    priceCAD: { type: 'money', default: '497.00', label: 'Price in CAD' },
    compareAtCAD: { type: 'money', default: '997.00', label: 'Compare-at price in CAD' },
    cryptoApiKey: { type: 'secret', label: 'Crypto processor API key' },
    cryptoIpnSecret: { type: 'secret', label: 'Crypto processor IPN secret' },
  },
  /** The affiliate programme (issue 33): attribution of referred sales and the commission they earn. */
  affiliates: {
    enabled: { type: 'boolean', default: true, label: 'Affiliate programme' },
    attributionWindowDays: { type: 'int', default: 30, min: 1, max: 365, label: 'Attribution window', unit: 'days' },
    attributionModel: { type: 'enum', default: 'last_click', options: ['last_click', 'first_click'], label: 'Attribution model' },
    commissionType: { type: 'enum', default: 'percent', options: ['percent', 'fixed'], label: 'Commission type' },
    commissionPercent: { type: 'int', default: 30, min: 0, max: 100, label: 'Commission (percent of the sale)', unit: '%' },
    commissionFixedUSD: { type: 'money', default: '50.00', label: 'Fixed commission in USD' },
    commissionFixedEUR: { type: 'money', default: '50.00', label: 'Fixed commission in EUR' },
    commissionFixedGBP: { type: 'money', default: '50.00', label: 'Fixed commission in GBP' },
    commissionFixedCAD: { type: 'money', default: '50.00', label: 'Fixed commission in CAD' },
    /** Default: the refund window (30 days), so a commission becomes payable once its sale can no longer be refunded. */
    holdDays: { type: 'int', default: 30, min: 0, max: 365, label: 'Hold period before payable', unit: 'days' },
  },
  /** Abandoned-checkout recovery (issue 34): reminders to buyers who started a checkout and did not pay. */
  recovery: {
    remindersEnabled: { type: 'boolean', default: true, label: 'Abandoned-checkout reminders' },
    delayMinutes: { type: 'int', default: 60, min: 1, max: 10080, label: 'Reminder delay', unit: 'minutes' },
    secondReminder: { type: 'boolean', default: true, label: 'Second reminder after 24 hours' },
    /** A coupon offered in the reminder and applied when the checkout is resumed; empty: none. Checked against the coupons. */
    couponCode: { type: 'string', default: '', max: 64, label: 'Reminder coupon' },
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

/** One entry of the tax rates: a country code, "=" (or ":"), a percentage with at most two decimals, an optional "%". */
const TAX_RATE_ENTRY = /^([A-Za-z]{2})\s*[=:]\s*(\d{1,3}(?:\.\d{1,2})?)\s*%?$/;

/**
 * Settings > General > Tax rates: "DE=19, FR=20, AT=20" (entries separated by
 * commas, semicolons or new lines) gives each listed buyer country its rate,
 * in percent; prices include it. Answers the rates by country (the percentage
 * as decimal text, "19" or "7.7"), the value as stored ("DE=19, FR=20") and,
 * when the text is not such a list, what is wrong with it.
 */
export function parseTaxRates(text: string): { rates: Map<CountryCode, string>; normalised: string; problem: string | null } {
  const rates = new Map<CountryCode, string>();
  const entries = text
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const match = TAX_RATE_ENTRY.exec(entry);
    const fail = (problem: string) => ({ rates: new Map<CountryCode, string>(), normalised: '', problem });
    if (!match) return fail(`Tax rates: "${entry}" is not a country code and a rate, such as DE=19 or CH=8.1`);
    const code = match[1].toUpperCase();
    if (!isCountryCode(code)) return fail(`Tax rates: ${code} is not a country code (ISO 3166, two letters, such as DE)`);
    if (rates.has(code)) return fail(`Tax rates: ${code} is listed twice`);
    const rate = Number(match[2]);
    if (rate > 100) return fail(`Tax rates: the rate of ${code} must be a percentage from 0 to 100`);
    rates.set(code, String(rate));
  }
  return { rates, normalised: [...rates].map(([code, rate]) => `${code}=${rate}`).join(', '), problem: null };
}

/** The tax rate (percent, decimal text) the settings' tax rates give a buyer of this country; null: no tax. */
export function taxRateFor(taxRates: string, country: string | null | undefined): string | null {
  if (!country) return null;
  return parseTaxRates(taxRates).rates.get(country as CountryCode) ?? null;
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
      case 'money': {
        const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
        if (!MONEY.test(text) || Number(text) < 1 || Number(text) > MONEY_MAX) {
          errors[key] = `${field.label} must be an amount between 1.00 and ${MONEY_MAX.toFixed(2)}, with at most two decimals`;
        } else values[key] = Number(text).toFixed(2);
        break;
      }
      case 'taxRates': {
        if (value === null || value === undefined) {
          values[key] = '';
          break;
        }
        if (typeof value !== 'string' || value.length > field.max) {
          errors[key] = `${field.label} must be a text of at most ${field.max} characters`;
          break;
        }
        const parsed = parseTaxRates(value);
        if (parsed.problem) errors[key] = parsed.problem;
        else values[key] = parsed.normalised;
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
        // A cleared field arrives as null (react-admin's inputs) or as empty text: the setting is not set.
        if (value === null || (typeof value === 'string' && value.trim() === '')) {
          if (field.required) errors[key] = `${field.label} is required`;
          else values[key] = '';
          break;
        }
        if (typeof value !== 'string' || value.length > field.max) {
          errors[key] = `${field.label} must be a text of at most ${field.max} characters`;
          break;
        }
        const text = value.trim();
        if (field.format === 'email' && !EMAIL.test(text)) errors[key] = 'Please enter a valid email address';
        else if (field.format === 'host' && !HOST.test(text)) errors[key] = `${field.label} must be a host name`;
        else if (field.format === 'url' && !/^https?:\/\/[^\s]+$/i.test(text)) errors[key] = `${field.label} must be an http(s) URL`;
        else values[key] = text;
        break;
      }
    }
  }
  return { values, errors };
}
