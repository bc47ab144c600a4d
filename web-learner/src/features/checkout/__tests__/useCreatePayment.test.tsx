import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../test/server';
import { useCreatePayment } from '../api/useCreatePayment';
const PAYMENT_ID = '4f6c8d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

describe('starting a checkout', () => {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  beforeEach(() => {
    localStorage.clear();
  });

  it("asks for the offer's price, then keeps what the thank-you page needs in this browser", async () => {
    server.use(
      http.post('/api/payments/create', () =>
        HttpResponse.json({ success: true, paymentId: PAYMENT_ID, paymentUrl: '/api/payments/sandbox/checkout/x', claimSecret: 'kept-secret' }),
      ),
    );
    const sent = recordRequests();
    const { result } = renderHook(() => useCreatePayment(), { wrapper });
    act(() => result.current.mutate({ email: ' buyer@example.com ', currency: 'USDT', network: 'Tron (TRC-20)' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.paymentUrl).toBe('/api/payments/sandbox/checkout/x');

    expect(sent.map((request) => request.path)).toEqual(['/api/payments/create']);
    const body = await sent[0].json();
    expect(body).toMatchObject({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'buyer@example.com' });
    expect(body).not.toHaveProperty('referral');
    expect(['userEmail', 'paymentId', 'paymentClaimSecret', 'paymentAmount', 'paymentCurrency'].map((k) => localStorage.getItem(k))).toEqual([
      'buyer@example.com',
      PAYMENT_ID,
      'kept-secret',
      '497',
      'USDT',
    ]);
  });

  it('sends the referral a visit through a referral link kept in this browser', async () => {
    localStorage.setItem('referral', 'signed.attribution');
    server.use(
      http.post('/api/payments/create', () =>
        HttpResponse.json({ success: true, paymentId: PAYMENT_ID, paymentUrl: '/api/payments/sandbox/checkout/x', claimSecret: 'kept-secret' }),
      ),
    );
    const sent = recordRequests();
    const { result } = renderHook(() => useCreatePayment(), { wrapper });
    act(() => result.current.mutate({ email: 'buyer@example.com', currency: 'USDT', network: 'Tron (TRC-20)' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(await sent[0].json()).toMatchObject({ email: 'buyer@example.com', referral: 'signed.attribution' });
  });

  it('keeps nothing when the provider cannot create the checkout', async () => {
    server.use(
      http.post('/api/payments/create', () =>
        HttpResponse.json({ statusCode: 502, error: 'Bad Gateway', message: 'The processor is unavailable', success: false }, { status: 502 }),
      ),
    );
    const { result } = renderHook(() => useCreatePayment(), { wrapper });
    act(() => result.current.mutate({ email: 'buyer@example.com', currency: 'BTC', network: 'Bitcoin Network' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('The processor is unavailable');
    expect(localStorage.length).toBe(0);
  });
});
