import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDocumentDate, formatMoney, formatMoment, formatNumber, formatPercent, setSiteTimeZone } from '../format';

/** Intl separates some figures and units with a no-break space (U+00A0 or U+202F): compared here as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money, dates and numbers in the interface language', () => {
  it('writes prices as each language does, whatever the browser locale', () => {
    expect(['en', 'es', 'fr', 'de'].map((l) => plain(formatMoney('497.00', 'EUR', l)))).toEqual(['€497', '497 €', '497 €', '497 €']);
    expect(['en', 'de'].map((l) => plain(formatMoney('449.5', 'EUR', l)))).toEqual(['€449.50', '449,50 €']);
    expect(plain(formatMoney(497, 'USD', 'en'))).toBe('$497');
    expect(plain(formatMoney(1500, 'USD', 'de', { fractionDigits: 2, grouping: false }))).toBe('1500,00 $');
    expect(plain(formatMoney('12', 'XXQ', 'de'))).toBe('12 XXQ');
  });

  it('writes dates in the interface language and the site time zone, times with the zone', () => {
    setSiteTimeZone('America/Los_Angeles');
    const at = '2026-11-29T17:00:00.000Z';
    expect(['en', 'es', 'fr', 'de'].map((l) => formatDate(at, l))).toEqual(['Nov 29, 2026', '29 nov 2026', '29 nov. 2026', '29.11.2026']);
    expect(plain(formatDateTime(at, 'en'))).toBe('Nov 29, 2026, 9:00 AM PST');
    expect(plain(formatDateTime(at, 'es'))).toBe('29 nov 2026, 9:00 GMT-8');
    expect(plain(formatMoment(at, 'de'))).toBe('29. Nov., 9:00');
    // A calendar day is that day everywhere, not the evening before in California.
    expect(formatDate('2026-01-31', 'en')).toBe('Jan 31, 2026');
    // A certificate's date as issued (UTC), spelled out.
    expect(['en', 'es', 'de'].map((l) => formatDocumentDate('2026-11-25T23:30:00Z', l))).toEqual([
      '25 November 2026',
      '25 de noviembre de 2026',
      '25. November 2026',
    ]);
    setSiteTimeZone('UTC');
    expect(plain(formatDateTime(at, 'fr'))).toBe('29 nov. 2026, 17:00 UTC');
  });

  it('writes figures with the language’s decimal sign and grouping', () => {
    expect(['en', 'es', 'de'].map((l) => formatNumber(1200, l))).toEqual(['1,200', '1.200', '1.200']);
    expect(formatNumber(4.5, 'de', { fractionDigits: 1 })).toBe('4,5');
    expect(['en', 'fr'].map((l) => plain(formatPercent(0.75, l, { fractionDigits: 1 })))).toEqual(['75.0%', '75,0 %']);
  });
});
