/**
 * Money, dates and numbers as the interface language writes them, whatever
 * the browser's own locale: "$497" and "Nov 29, 2026" in English, "497 €"
 * and "29 nov 2026" in Spanish, "497 €" and "29.11.2026" in German. Every
 * screen of the learner site formats through here with the language
 * `useTranslation()` gives, so a German page never shows "€497" or an
 * English month. Dates are in the site's time zone (Settings > General >
 * Timezone, from the public configuration), times with the zone's name.
 * Formatters are built once per language and style.
 */

const LOCALES: Record<string, string> = { en: 'en-US' };
const localeOf = (language: string) => LOCALES[language] ?? language;

let timeZone: string | undefined;
const zoneListeners = new Set<() => void>();

/** Settings > General > Timezone as the public configuration gives it (until then, the browser's zone). */
export function setSiteTimeZone(zone: string | undefined): void {
  if (!zone || zone === timeZone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return;
  }
  timeZone = zone;
  dateFormats.clear();
  for (const listener of zoneListeners) listener();
}

export function siteTimeZone(): string | undefined {
  return timeZone;
}

/** For `useTranslation`: screens draw their dates again once the site's zone is known. */
export function onSiteTimeZoneChange(listener: () => void): () => void {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(localeOf(language), options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone, ...options })));
  return format;
}

/** How a figure is written: a fixed number of decimals, and the thousands grouping (on unless turned off). */
export interface FigureStyle {
  fractionDigits?: number;
  grouping?: boolean;
}

const figureOptions = ({ fractionDigits, grouping = true }: FigureStyle): Intl.NumberFormatOptions => ({
  ...(fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  useGrouping: grouping,
});

/**
 * A price in the language's own placement: by default whole amounts without
 * cents ("$497", "497 €") and others with two decimals ("449,50 €").
 */
export function formatMoney(amount: string | number, currency: string, language: string, style: FigureStyle = {}): string {
  const value = Number(amount);
  const digits = style.fractionDigits ?? (Number.isInteger(value) ? 0 : 2);
  const options = figureOptions({ ...style, fractionDigits: digits });
  try {
    return numberFormat(language, { style: 'currency', currency, ...options }).format(value);
  } catch {
    // Not an ISO currency code: the figure and the code as they are.
    return `${numberFormat(language, options).format(value)} ${currency}`;
  }
}

/** A count or a figure with the language's digits: "1,200", "1.200", "4.5" / "4,5" with one decimal. */
export function formatNumber(value: number, language: string, style: FigureStyle = {}): string {
  return numberFormat(language, figureOptions(style)).format(value);
}

/** A ratio as a percentage: 0.75 -> "75.0%", "75,0 %". */
export function formatPercent(ratio: number, language: string, style: FigureStyle = {}): string {
  return numberFormat(language, { style: 'percent', ...figureOptions(style) }).format(ratio);
}

type When = string | number | Date;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day: "Nov 29, 2026", "29 nov 2026", "29.11.2026", "29 nov. 2026" ("2026-11-29" is that calendar day in every zone). */
export function formatDate(when: When, language: string): string {
  const day = typeof when === 'string' && CALENDAR_DAY.test(when);
  return dateFormat(localeOf(language), { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) }).format(new Date(when));
}

/** A day and time with its zone: "Nov 29, 2026, 9:00 AM PST", "29 nov 2026, 9:00 GMT-8", "29. Nov. 2026, 09:00 UTC". */
export function formatDateTime(when: When, language: string): string {
  return dateFormat(localeOf(language), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(when),
  );
}

/** A recent moment, without the year: "Nov 29, 9:00 AM", "29 nov, 9:00". */
export function formatMoment(when: When, language: string): string {
  return dateFormat(localeOf(language), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(when));
}

/**
 * A document's date, spelled out and as issued (UTC): "25 November 2026"
 * (British order, as certificates read), "25 de noviembre de 2026",
 * "25. November 2026".
 */
export function formatDocumentDate(when: When, language: string): string {
  return dateFormat(language === 'en' ? 'en-GB' : localeOf(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(when),
  );
}
