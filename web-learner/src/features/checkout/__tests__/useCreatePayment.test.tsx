import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreatePayment } from '../api/useCreatePayment';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PAYMENT_ID = '4f6c8d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

describe('starting a checkout', () => {
  const fetchMock = vi.fn();
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the offer's price, then keeps what the thank-you page needs in this browser", async () => {
    fetchMock.mockResolvedValue(json({ success: true, paymentId: PAYMENT_ID, paymentUrl: '/api/payments/sandbox/checkout/x', claimSecret: 'kept-secret' }));
    const { result } = renderHook(() => useCreatePayment(), { wrapper });
    act(() => result.current.mutate({ email: ' buyer@example.com ', currency: 'USDT', network: 'Tron (TRC-20)' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.paymentUrl).toBe('/api/payments/sandbox/checkout/x');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/payments/create');
    expect(JSON.parse(init.body)).toMatchObject({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'buyer@example.com' });
    expect(['userEmail', 'paymentId', 'paymentClaimSecret', 'paymentAmount', 'paymentCurrency'].map((k) => localStorage.getItem(k))).toEqual([
      'buyer@example.com',
      PAYMENT_ID,
      'kept-secret',
      '497',
      'USDT',
    ]);
  });

  it('keeps nothing when the provider cannot create the checkout', async () => {
    fetchMock.mockResolvedValue(json({ statusCode: 502, error: 'Bad Gateway', message: 'The processor is unavailable', success: false }, 502));
    const { result } = renderHook(() => useCreatePayment(), { wrapper });
    act(() => result.current.mutate({ email: 'buyer@example.com', currency: 'BTC', network: 'Bitcoin Network' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('The processor is unavailable');
    expect(localStorage.length).toBe(0);
  });
});
