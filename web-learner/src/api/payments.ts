import { api } from './client';
import type { ClaimProof, CreatePaymentRequest, PaymentState } from './types';

export const fetchCurrencies = () => api('get', '/api/payments/currencies').then((r) => r.currencies);

export const createPayment = (body: CreatePaymentRequest) => api('post', '/api/payments/create', { body });

/** A checkout's state; with `poll`, a long poll: the server answers when the state is no longer `since` (or after `wait` seconds). */
export const fetchPaymentStatus = (paymentId: string, proof: ClaimProof = {}, poll?: { wait: number; since: PaymentState; signal?: AbortSignal }) => {
  const headers: Record<string, string> = {};
  if (proof.claimSecret) headers['X-Claim-Secret'] = proof.claimSecret;
  if (proof.claimToken) headers['X-Claim-Token'] = proof.claimToken;
  const query = poll ? { wait: poll.wait, since: poll.since } : undefined;
  return api('get', '/api/payments/{paymentId}/status', { path: { paymentId }, headers, query, signal: poll?.signal });
};

export const fetchQuote = (coupon: string) => api('get', '/api/payments/quote', { query: { coupon } });

/** A reminder's link: resumes that checkout (or makes it again with the same method when its quote expired). */
export const resumeCheckout = (paymentId: string, token: string) => api('post', '/api/payments/{paymentId}/resume', { path: { paymentId }, body: { token } });

/** The reminder's unsubscribe link, confirmed on its page. */
export const unsubscribeFromReminders = (email: string, token: string) => api('post', '/api/payments/recovery/unsubscribe', { body: { email, token } });
