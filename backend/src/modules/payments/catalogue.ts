/**
 * What we sell and how it can be paid: the server alone decides the price,
 * and the (currency, network) pairs come from the spec's table, each mapped
 * to the provider's pay_currency code.
 */
export const PRICE = { amount: '497.00', compareAt: '997.00', currency: 'USD' } as const;

export interface NetworkOption {
  name: string;
  providerCode: string;
}

export interface CurrencyOption {
  code: string;
  name: string;
  networks: NetworkOption[];
}

export const CURRENCIES: CurrencyOption[] = [
  { code: 'BTC', name: 'Bitcoin', networks: [{ name: 'Bitcoin Network', providerCode: 'btc' }] },
  { code: 'ETH', name: 'Ethereum', networks: [{ name: 'Ethereum Network', providerCode: 'eth' }] },
  {
    code: 'USDT',
    name: 'Tether USD',
    networks: [
      { name: 'Ethereum (ERC-20)', providerCode: 'usdterc20' },
      { name: 'Tron (TRC-20)', providerCode: 'usdttrc20' },
      { name: 'BSC (BEP-20)', providerCode: 'usdtbsc' },
    ],
  },
  {
    code: 'USDC',
    name: 'USD Coin',
    networks: [
      { name: 'Ethereum (ERC-20)', providerCode: 'usdc' },
      { name: 'Polygon Network', providerCode: 'usdcmatic' },
      { name: 'BSC (BEP-20)', providerCode: 'usdcbsc' },
    ],
  },
  { code: 'BNB', name: 'Binance Coin', networks: [{ name: 'BSC Network', providerCode: 'bnbbsc' }] },
  { code: 'MATIC', name: 'Polygon', networks: [{ name: 'Polygon Network', providerCode: 'maticmainnet' }] },
  { code: 'ADA', name: 'Cardano', networks: [{ name: 'Cardano Network', providerCode: 'ada' }] },
  { code: 'SOL', name: 'Solana', networks: [{ name: 'Solana Network', providerCode: 'sol' }] },
  { code: 'AVAX', name: 'Avalanche', networks: [{ name: 'Avalanche Network', providerCode: 'avaxc' }] },
  { code: 'DOT', name: 'Polkadot', networks: [{ name: 'Polkadot Network', providerCode: 'dot' }] },
  { code: 'LTC', name: 'Litecoin', networks: [{ name: 'Litecoin Network', providerCode: 'ltc' }] },
  { code: 'BCH', name: 'Bitcoin Cash', networks: [{ name: 'Bitcoin Cash Network', providerCode: 'bch' }] },
];

/** The provider code for a (currency, network) pair, or null when the pair is not offered. */
export function providerCodeFor(currency: string, network: string): string | null {
  const option = CURRENCIES.find((c) => c.code === currency.trim().toUpperCase());
  const match = option?.networks.find((n) => n.name.toLowerCase() === network.trim().toLowerCase());
  return match?.providerCode ?? null;
}

/** Our table restricted to what the provider has enabled (by pay_currency code). */
export function offeredCurrencies(enabledCodes: ReadonlySet<string> | null): CurrencyOption[] {
  if (!enabledCodes) return CURRENCIES;
  return CURRENCIES.map((c) => ({ ...c, networks: c.networks.filter((n) => enabledCodes.has(n.providerCode)) })).filter((c) => c.networks.length > 0);
}
