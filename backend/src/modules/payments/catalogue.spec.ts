import { CURRENCIES, offeredCurrencies, providerCodeFor } from './catalogue';

describe('payment catalogue', () => {
  it('maps the spec pairs to provider codes', () => {
    expect(providerCodeFor('USDT', 'Ethereum (ERC-20)')).toBe('usdterc20');
    expect(providerCodeFor('usdt', 'tron (trc-20)')).toBe('usdttrc20');
    expect(providerCodeFor('USDT', 'BSC (BEP-20)')).toBe('usdtbsc');
    expect(providerCodeFor('USDC', 'Polygon Network')).toBe('usdcmatic');
    expect(providerCodeFor('USDC', 'BSC (BEP-20)')).toBe('usdcbsc');
    expect(providerCodeFor('BNB', 'BSC Network')).toBe('bnbbsc');
  });

  it('refuses pairs outside the table', () => {
    expect(providerCodeFor('BTC', 'Tron (TRC-20)')).toBeNull();
    expect(providerCodeFor('DOGE', 'Dogecoin Network')).toBeNull();
  });

  it('has the twelve currencies of the spec', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'BNB', 'MATIC', 'ADA', 'SOL', 'AVAX', 'DOT', 'LTC', 'BCH']);
  });

  it('keeps only what the provider enables', () => {
    const offered = offeredCurrencies(new Set(['btc', 'usdttrc20']));
    expect(offered).toEqual([
      { code: 'BTC', name: 'Bitcoin', networks: [{ name: 'Bitcoin Network', providerCode: 'btc' }] },
      { code: 'USDT', name: 'Tether USD', networks: [{ name: 'Tron (TRC-20)', providerCode: 'usdttrc20' }] },
    ]);
  });
});
