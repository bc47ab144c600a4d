import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, getSession, startSession } from '../../auth/session';
import { switchLanguage } from '../../i18n/language';
import { recordRequests, server } from '../../test/server';
import { fetchAccount, requestRefund } from '../account';
import { ApiError, errorText } from '../client';
import { useMaintenanceMessage } from '../maintenance';
import { search } from '../member';

describe('the API client', () => {
  beforeEach(() => server.use(http.get('/api/account', () => HttpResponse.json({}))));
  afterEach(async () => {
    endSession();
    await switchLanguage('en');
  });

  it('tells the server the language the interface shows, so its messages, mails and documents use it', async () => {
    const sent = recordRequests();
    await fetchAccount();
    expect(sent.at(-1)!.headers.get('X-Interface-Language')).toBe('en');
    await switchLanguage('de');
    await fetchAccount();
    expect(sent.at(-1)!.headers.get('X-Interface-Language')).toBe('de');
  });

  it('sends the session token, the path parameters, the query and the JSON body the contract names', async () => {
    startSession('learner-token', 'learner@example.com');
    server.use(
      http.post('/api/account/purchases/:paymentId/refund-request', () => HttpResponse.json({ success: true, message: 'Requested' })),
      http.get('/api/search', () => HttpResponse.json({ results: [] })),
    );
    const sent = recordRequests();
    await requestRefund('p/1', 'Not for me');
    await search('seo & ads');
    const [refund, query] = sent;
    expect([refund!.method, refund!.path]).toEqual(['POST', '/api/account/purchases/p%2F1/refund-request']);
    expect(refund!.headers.get('Authorization')).toBe('Bearer learner-token');
    expect(refund!.headers.get('Content-Type')).toBe('application/json');
    expect(await refund!.json()).toEqual({ reason: 'Not for me' });
    expect(query!.query.get('q')).toBe('seo & ads');
    expect(query!.headers.get('Accept')).toBe('application/json');
  });

  it("turns an error answer into an ApiError with the server's message, code, field errors and Retry-After", async () => {
    server.use(
      http.get('/api/account', () =>
        HttpResponse.json(
          { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests', errors: { email: 'Slow down' } },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    const error = await fetchAccount().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many requests', code: 'RATE_LIMITED', retryAfter: 30 });
    expect([errorText(error, 'email'), errorText(error)]).toEqual(['Slow down', 'Too many requests']);
  });

  it('ends the session on a 401, and shows the maintenance page on a 503 MAINTENANCE', async () => {
    startSession('expired-token', 'learner@example.com');
    server.use(http.get('/api/account', () => HttpResponse.json({ statusCode: 401, message: 'Session expired' }, { status: 401 }), { once: true }));
    await expect(fetchAccount()).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();

    const { result } = renderHook(() => useMaintenanceMessage());
    server.use(http.get('/api/account', () => HttpResponse.json({ code: 'MAINTENANCE', message: 'Back at noon' }, { status: 503 })));
    await act(() => expect(fetchAccount()).rejects.toMatchObject({ status: 503 }));
    expect(result.current).toBe('Back at noon');
  });
});
