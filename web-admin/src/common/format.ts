import { useEffect, useState } from 'react';
import { getPublicConfig } from '../api/publicConfig';

/**
 * Dates in the console are shown in the zone of Settings > General > Timezone
 * (published as an IANA zone in the public configuration), with the zone's
 * abbreviation on date-times: "Nov 25, 2026, 5:10 AM PST".
 */
let timeZone = 'UTC';
let formatters = build(timeZone);

function build(zone: string) {
  return {
    dateTime: new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }),
    date: new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }),
  };
}

/** The zone the console shows dates in. */
export const displayTimeZone = () => timeZone;

export function setDisplayTimeZone(zone: string | undefined): void {
  if (!zone || zone === timeZone) return;
  try {
    formatters = build(zone);
    timeZone = zone;
  } catch {
    // An unknown zone keeps the previous one.
  }
}

/** The display zone, re-rendering once the public configuration has named it. */
export function useDisplayTimeZone(): string {
  const [zone, setZone] = useState(timeZone);
  useEffect(() => {
    let alive = true;
    void loadDisplayTimeZone().then((z) => alive && setZone(z));
    return () => {
      alive = false;
    };
  }, []);
  return zone;
}

/** Follows the public configuration's zone (once per page load; a settings save reloads it). */
export function loadDisplayTimeZone(): Promise<string> {
  return getPublicConfig()
    .then((config) => {
      setDisplayTimeZone(config.timeZone);
      return timeZone;
    })
    .catch(() => timeZone);
}

/** A calendar date without a time ("2026-11-20", a join date): the same day in every zone. */
export const isCalendarDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Intl options of an instant in the display zone (a calendar date stays as it is), for react-admin's DateField. */
export function dateOptions(showTime: boolean, value?: unknown): Intl.DateTimeFormatOptions {
  const zone = isCalendarDate(value) ? 'UTC' : timeZone;
  return showTime
    ? { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
    : { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' };
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatters.dateTime.format(date);
}

export const formatMoney = (value: number) => money.format(value);

/** An amount in its own currency, whole units ("$1,491", "€120"): chart axes and summaries. */
export const formatWholeMoney = (value: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);

const calendar = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return value;
  return (isCalendarDate(value) ? calendar : formatters.date).format(parsed);
}
