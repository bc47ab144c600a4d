import { apiRequest } from './client';
import type { CreatePaymentAnswer, CreatePaymentRequest, Currency, PaymentStatus } from './types';

export const fetchCurrencies = () =>
  apiRequest<{ currencies: Currency[] }>('/api/payments/currencies').then((r) => r.currencies);

export const createPayment = (body: CreatePaymentRequest) =>
  apiRequest<CreatePaymentAnswer>('/api/payments/create', { method: 'POST', body });

export const fetchPaymentStatus = (paymentId: string) =>
  apiRequest<PaymentStatus>(`/api/payments/${encodeURIComponent(paymentId)}/status`);
