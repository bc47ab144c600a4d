const DECIMAL = /^-?\d+(\.\d+)?$/;
const SCALE = 8;

/** A decimal amount as a scaled integer (8 places), never a float; null when not a plain decimal. */
export function toScaled(value: unknown): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  if (fraction.length > SCALE) return null;
  const scaled = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0') || '0');
  return negative ? -scaled : scaled;
}

export function decimalEquals(a: unknown, b: unknown): boolean {
  const x = toScaled(a);
  const y = toScaled(b);
  return x !== null && y !== null && x === y;
}

/** An amount in cents (the minor unit of every currency we sell in), or null when it is not a decimal with at most two places. */
export function toCents(value: unknown): bigint | null {
  const scaled = toScaled(value);
  if (scaled === null || scaled % 1_000_000n !== 0n) return null;
  return scaled / 1_000_000n;
}

/** Cents as decimal text with two places ("497.00"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** a − b for decimals (8 places), as the shortest decimal text ("0.0042"), or null when either is not a decimal. */
export function decimalMinus(a: unknown, b: unknown): string | null {
  const x = toScaled(a);
  const y = toScaled(b);
  if (x === null || y === null) return null;
  const d = x - y;
  const negative = d < 0n;
  const abs = negative ? -d : d;
  const whole = abs / 10n ** BigInt(SCALE);
  const fraction = String(abs % 10n ** BigInt(SCALE))
    .padStart(SCALE, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
