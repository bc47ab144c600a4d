import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../i18n/language';
import { fetchAccount } from '../account';

describe('the API client', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await switchLanguage('en');
  });

  const sentLanguage = () => (fetchMock.mock.calls.at(-1)![1] as RequestInit & { headers: Record<string, string> }).headers['X-Interface-Language'];

  it('tells the server the language the interface shows, so its messages, mails and documents use it', async () => {
    await fetchAccount();
    expect(sentLanguage()).toBe('en');
    await switchLanguage('de');
    await fetchAccount();
    expect(sentLanguage()).toBe('de');
  });
});
