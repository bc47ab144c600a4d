/** The spec's options for the settings selects (the server accepts exactly these ids). */
export const TIMEZONE_CHOICES = ['UTC', 'Eastern', 'Central', 'Mountain', 'Pacific'].map((id) => ({ id, name: id }));

/** The learner site's interface language; `auto` follows each visitor's browser (English when it speaks none of these). */
export const LANGUAGE_CHOICES = [
  { id: 'en', name: 'English' },
  { id: 'es', name: 'Español (Spanish)' },
  { id: 'fr', name: 'Français (French)' },
  { id: 'de', name: 'Deutsch (German)' },
  { id: 'auto', name: "Visitor's browser language" },
];

export const BACKUP_FREQUENCY_CHOICES = [
  { id: 'hourly', name: 'Hourly' },
  { id: 'daily', name: 'Daily' },
  { id: 'weekly', name: 'Weekly' },
  { id: 'monthly', name: 'Monthly' },
];

export const CURRENCY_CHOICES = ['USD', 'EUR', 'GBP', 'CAD'].map((id) => ({ id, name: id }));

export const ENCRYPTION_CHOICES = [
  { id: 'tls', name: 'TLS' },
  { id: 'ssl', name: 'SSL' },
  { id: 'none', name: 'None' },
];

export const SESSION_TIMEOUT = { min: 5, max: 480 };
export const SESSION_TIMEOUT_MESSAGE = `Session timeout must be between ${SESSION_TIMEOUT.min} and ${SESSION_TIMEOUT.max} minutes`;

export const ATTRIBUTION_MODEL_CHOICES = [
  { id: 'last_click', name: 'Last click wins' },
  { id: 'first_click', name: 'First click wins' },
];

/** The programme's commission (Settings > Affiliates); the affiliates pages have their own list, with a per-affiliate "none". */
export const COMMISSION_TYPE_CHOICES = [
  { id: 'percent', name: 'Percentage of the sale' },
  { id: 'fixed', name: 'Fixed amount per sale' },
];
