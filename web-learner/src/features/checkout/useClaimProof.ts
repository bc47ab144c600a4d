import { useLocation } from 'react-router';
import type { ClaimProof } from '../../api/types';
import { CHECKOUT_KEYS } from '../../auth/session';

/**
 * What proves this visitor bought the payment: the emailed link's token (in
 * the URL fragment, which never reaches a server log) or the secret this
 * browser kept at checkout.
 */
export function useClaimProof(paymentId: string | null): ClaimProof {
  const { hash } = useLocation();
  const claimToken = new URLSearchParams(hash.replace(/^#/, '')).get('claim') ?? undefined;
  const sameCheckout = paymentId !== null && localStorage.getItem(CHECKOUT_KEYS.paymentId) === paymentId;
  const claimSecret = sameCheckout ? (localStorage.getItem(CHECKOUT_KEYS.claimSecret) ?? undefined) : undefined;
  return { claimToken, claimSecret };
}
