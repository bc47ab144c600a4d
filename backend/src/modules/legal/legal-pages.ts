/** The legal pages of the learner site, each at its own address (the spec's routes). */
export const LEGAL_PAGES = ['terms', 'privacy', 'refund'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];

export const isLegalPage = (value: unknown): value is LegalPageName => typeof value === 'string' && (LEGAL_PAGES as readonly string[]).includes(value);

/** Where the learner site shows each page. */
export const LEGAL_PAGE_PATHS: Record<LegalPageName, string> = {
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  refund: '/refund-policy',
};

/** The longest text a page may have (characters of Markdown). */
export const LEGAL_MARKDOWN_MAX = 50_000;

/** The placeholders a page's text may use, filled from the settings when it is shown. */
export const LEGAL_PLACEHOLDERS = [
  'price',
  'currency',
  'refundWindowDays',
  'refundMaxAccessedPercent',
  'sellerName',
  'sellerAddress',
  'supportEmail',
  'siteName',
] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];

/** The date the built-in texts were last changed ("Last updated" of a page nobody edited). */
export const DEFAULT_TEXTS_DATE = '2026-01-01T00:00:00.000Z';
