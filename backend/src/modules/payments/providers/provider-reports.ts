import type { ProviderReport } from '../payment-state';
import { reportFromPayload } from './payment-provider';
import { readPayPalReport } from './paypal.provider';
import { readStripeReport } from './stripe.provider';

/**
 * A stored provider payload (webhook or reconcile), read by the adapter it
 * came from: reading is pure, so a payload stored under yesterday's keys
 * reads the same today.
 */
export function readReport(provider: string, payload: Record<string, unknown>): ProviderReport {
  if (provider === 'stripe' || provider === 'sandbox-card') return readStripeReport(payload);
  if (provider === 'paypal' || provider === 'sandbox-paypal') return readPayPalReport(payload);
  return reportFromPayload(payload);
}
