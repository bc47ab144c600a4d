import type { Language } from './languages';

/**
 * Money, dates and numbers as a customer of this language reads them, in the
 * site's time zone (Settings > General > Timezone), through Intl: "29 nov.
 * 2026", "497,00 €" in French, "€497.00" in English. One place, so mails,
 * PDFs, server messages and the console agree.
 */
export interface Formatting {
  language: Language;
  /** IANA zone, e.g. "Europe/Berlin". */
  timeZone: string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Intl formatters are costly to build (a receipt mail and its invoice format
 * a dozen dates): one per style, language and zone, kept for the process.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(style: string, f: Formatting, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${style}:${f.language}:${f.timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(f.language, { ...options, timeZone: f.timeZone });
    // Zones and languages are few; a bound all the same.
    if (dateFormats.size >= 1000) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

/** An amount (a decimal string or a number) in its currency: "497,00 €" (fr, de, es), "$497.00" (en). */
export function formatMoney(f: Pick<Formatting, 'language'>, amount: string | number, currency: string): string {
  const key = `${f.language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(f.language, { style: 'currency', currency: currency.toUpperCase() });
    moneyFormats.set(key, format);
  }
  return format.format(Number(amount));
}

export function formatNumber(f: Pick<Formatting, 'language'>, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(f.language, options).format(value);
}

/** A day: "Nov 29, 2026" (en), "29 nov 2026" (es), "29 nov. 2026" (fr), "29. Nov. 2026" (de). */
export function formatDate(f: Formatting, date: Date | string): string {
  return dateFormat('date', f, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(date));
}

/** A day in full: "29 November 2026", "29 de noviembre de 2026", "29 novembre 2026", "29. November 2026". */
export function formatLongDate(f: Formatting, date: Date | string): string {
  return dateFormat('long', f, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(date));
}

/**
 * A moment: the day and the time of day, with the zone's abbreviation ("Nov 20, 2026, 2:05 AM PST", "20 nov. 2026, 10:05 UTC").
 * Spelled out by parts: Intl refuses a zone name beside dateStyle and timeStyle.
 */
export function formatDateTime(f: Formatting, date: Date | string): string {
  return dateFormat('dateTime', f, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(date));
}

/** A percentage from a rate: 0.2 -> "20 %" (fr, de), "20%" (en, es). */
export function formatPercent(f: Pick<Formatting, 'language'>, rate: number): string {
  return new Intl.NumberFormat(f.language, { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}
