import { api } from './client';
import type { ClaimProof, CreatePaymentRequest } from './types';

export const fetchCurrencies = () => api('get', '/api/payments/currencies').then((r) => r.currencies);

export const createPayment = (body: CreatePaymentRequest) => api('post', '/api/payments/create', { body });

export const fetchPaymentStatus = (paymentId: string, proof: ClaimProof = {}) => {
  const headers: Record<string, string> = {};
  if (proof.claimSecret) headers['X-Claim-Secret'] = proof.claimSecret;
  if (proof.claimToken) headers['X-Claim-Token'] = proof.claimToken;
  return api('get', '/api/payments/{paymentId}/status', { path: { paymentId }, headers });
};

export const fetchQuote = (coupon: string) => api('get', '/api/payments/quote', { query: { coupon } });
