import { toCents } from './decimal';
import { splitInclusiveTax } from './tax';

describe('tax included in a price', () => {
  it.each([
    ['497.00', '19', '417.65', '79.35'],
    ['497.00', '20', '414.17', '82.83'],
    ['497.00', '21', '410.74', '86.26'],
    ['397.60', '19', '334.12', '63.48'],
    ['449.00', '7.7', '416.90', '32.10'],
    ['1.00', '19', '0.84', '0.16'],
    ['0.01', '19', '0.01', '0.00'],
    ['100.00', '0', '100.00', '0.00'],
    ['100.00', '100', '50.00', '50.00'],
  ])('%s at %s%% is %s net and %s tax', (total, rate, net, tax) => {
    expect(splitInclusiveTax(total, rate)).toEqual({ net, tax, rate: String(Number(rate)) });
  });

  it('rounds the net half up to the cent', () => {
    // 1.19 / 1.19 = 1.00 exactly; 0.06 / 1.2 = 0.05 exactly; 0.03 / 1.2 = 0.025, a half: up to 0.03.
    expect(splitInclusiveTax('1.19', '19').net).toBe('1.00');
    expect(splitInclusiveTax('0.06', '20').net).toBe('0.05');
    expect(splitInclusiveTax('0.03', '20')).toMatchObject({ net: '0.03', tax: '0.00' });
  });

  it('makes net + tax the total to the cent, for every total from 0.01 to 600.00 at common rates', () => {
    for (const rate of ['5', '7.7', '19', '20', '21', '25.5', '27']) {
      for (let cents = 1n; cents <= 60_000n; cents += 7n) {
        const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const { net, tax } = splitInclusiveTax(total, rate);
        expect(toCents(net)! + toCents(tax)!).toBe(cents);
        expect(toCents(tax)!).toBeGreaterThanOrEqual(0n);
      }
    }
  });

  it('splits a credit (a negative total) as the mirror of the charge', () => {
    expect(splitInclusiveTax('-497.00', '19')).toEqual({ net: '-417.65', tax: '-79.35', rate: '19' });
  });

  it('refuses what is not a rate or an amount in cents', () => {
    expect(() => splitInclusiveTax('497.00', '19.123')).toThrow('Not a tax rate');
    expect(() => splitInclusiveTax('497.00', '-1')).toThrow('Not a tax rate');
    expect(() => splitInclusiveTax('497.00', '101')).toThrow('Not a tax rate');
    expect(() => splitInclusiveTax('497.001', '19')).toThrow('Not an amount in cents');
  });
});
