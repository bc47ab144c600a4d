import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPublicConfig } from '../site';

describe('fetchPublicConfig', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ siteName: 'Academy', language: 'en' }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes one request for the callers that ask while it is on its way, and a new one afterwards', async () => {
    const answers = await Promise.all([fetchPublicConfig(), fetchPublicConfig(), fetchPublicConfig()]);
    expect(answers.map((a) => a.siteName)).toEqual(['Academy', 'Academy', 'Academy']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchPublicConfig();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets the next caller try again after a failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await expect(fetchPublicConfig()).rejects.toThrow();
    await expect(fetchPublicConfig()).resolves.toMatchObject({ siteName: 'Academy' });
  });
});
