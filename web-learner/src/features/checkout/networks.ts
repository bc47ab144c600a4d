import type { Currency, PublicCurrency } from '../../api/types';

/** The spec's table of blockchain networks per cryptocurrency. */
export const NETWORKS_BY_CURRENCY: Record<string, string[]> = {
  BTC: ['Bitcoin Network'],
  ETH: ['Ethereum Network'],
  USDT: ['Ethereum (ERC-20)', 'Tron (TRC-20)', 'BSC (BEP-20)'],
  USDC: ['Ethereum (ERC-20)', 'Polygon Network', 'BSC (BEP-20)'],
  BNB: ['BSC Network'],
  MATIC: ['Polygon Network'],
  ADA: ['Cardano Network'],
  SOL: ['Solana Network'],
  AVAX: ['Avalanche Network'],
  DOT: ['Polkadot Network'],
  LTC: ['Litecoin Network'],
  BCH: ['Bitcoin Cash Network'],
};

/** Shown when GET /api/payments/currencies fails. */
export const FALLBACK_CURRENCIES: Currency[] = [
  { code: 'BTC', name: 'Bitcoin' },
  { code: 'ETH', name: 'Ethereum' },
  { code: 'USDT', name: 'Tether USD' },
  { code: 'USDC', name: 'USD Coin' },
  { code: 'BNB', name: 'Binance Coin' },
];

/**
 * Networks offered for a currency: what the server's public config says the
 * provider accepts when it is known, else the spec's table.
 */
export function networksFor(currency: string, offered?: PublicCurrency[]): string[] {
  if (!currency) return [];
  const fromServer = offered?.find((c) => c.code === currency);
  if (fromServer) return fromServer.networks;
  return NETWORKS_BY_CURRENCY[currency] ?? [];
}

export const SELECT_BOTH_MESSAGE = 'Please select both cryptocurrency and blockchain network';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PAYMENT_FAILED_MESSAGE = 'Failed to create payment. Please try again.';

export interface CheckoutForm {
  email: string;
  currency: string;
  network: string;
  /** Crypto (the default) needs a currency and network; card and PayPal do not. */
  method?: 'crypto' | 'card' | 'paypal';
}

const needsNetwork = (form: CheckoutForm) => !form.method || form.method === 'crypto';

/** The spec's checks, in its order: the selection first, then the email (non-empty and containing @). */
export function checkoutProblem(form: CheckoutForm): string | null {
  if (needsNetwork(form) && (!form.currency || !form.network)) return SELECT_BOTH_MESSAGE;
  if (!form.email.trim() || !form.email.includes('@')) return INVALID_EMAIL_MESSAGE;
  return null;
}

/** Pay Now is enabled once currency, network and email are set, and not while a request runs. */
export function canPay(form: CheckoutForm, processing: boolean): boolean {
  return Boolean((!needsNetwork(form) || (form.currency && form.network)) && form.email.trim()) && !processing;
}
