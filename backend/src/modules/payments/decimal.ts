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
