import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../test/server';
import { captureReferralVisit } from '../boot';

describe('a visit through a referral or campaign link', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is not recorded when the address carries neither a referral code nor a campaign', async () => {
    window.history.replaceState(null, '', '/payment?coupon=SPRING');
    const sent = recordRequests();
    captureReferralVisit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(localStorage.getItem('referral')).toBeNull();
  });

  it('is recorded once, with the code, the campaign, where the visitor came from and the page, and the attribution is kept', async () => {
    window.history.replaceState(null, '', '/payment?ref=MAYA30&utm_source=newsletter&utm_medium=email&utm_campaign=black-friday&lang=de');
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://news.example.com/issue-42');
    server.use(http.post('/api/referrals/visit', () => HttpResponse.json({ recorded: true, referral: 'signed.attribution' })));
    const sent = recordRequests();

    captureReferralVisit();
    captureReferralVisit();
    await vi.waitFor(() => expect(localStorage.getItem('referral')).toBe('signed.attribution'));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/referrals/visit']);
    expect(await sent[0].json()).toEqual({
      ref: 'MAYA30',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'black-friday',
      referrer: 'https://news.example.com/issue-42',
      path: '/payment',
    });
    // The address keeps every parameter.
    expect(window.location.search).toBe('?ref=MAYA30&utm_source=newsletter&utm_medium=email&utm_campaign=black-friday&lang=de');
    vi.restoreAllMocks();
  });
});
