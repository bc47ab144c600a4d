import type { Settings, SettingsSection } from '../api';

/** What the server sends in place of a stored secret; the console never puts it in a field. */
export const SECRET_MASK = '********';

/** The write-only fields of each section. */
export const SECRET_FIELDS: Partial<Record<SettingsSection, string[]>> = {
  payments: ['cardSecretKey', 'cryptoApiKey', 'cryptoIpnSecret'],
  email: ['smtpPassword'],
};

type Values = Record<string, unknown>;

/** The form's starting values: secrets start empty, and we remember which ones the server holds. */
export function toFormValues<S extends SettingsSection>(section: S, stored: Settings[S]) {
  const values: Values = { ...stored };
  const storedSecrets: string[] = [];
  for (const field of SECRET_FIELDS[section] ?? []) {
    if (values[field] === SECRET_MASK) storedSecrets.push(field);
    values[field] = '';
  }
  return { values, storedSecrets };
}

/** The body to send: an untouched (empty) secret is left out, so the server keeps the stored one. */
export function toRequestBody(section: SettingsSection, values: Values): Values {
  const body: Values = { ...values };
  for (const field of SECRET_FIELDS[section] ?? []) {
    if (body[field] === '' || body[field] === null || body[field] === undefined) delete body[field];
  }
  return body;
}
