/** Decimal amounts ("120.50", "-12.00") added in cents, so the sum shown before paying is exact. */
export function sumAmounts(amounts: readonly string[]): string {
  const cents = amounts.reduce((total, amount) => total + toCents(amount), 0);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const [, sign, units, fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}
