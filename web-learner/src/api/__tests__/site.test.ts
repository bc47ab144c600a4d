import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../test/server';
import { fetchPublicConfig } from '../site';

describe('fetchPublicConfig', () => {
  beforeEach(() => server.use(http.get('/api/public-config', () => HttpResponse.json({ siteName: 'Academy', language: 'en' }))));

  it('makes one request for the callers that ask while it is on its way, and a new one afterwards', async () => {
    const sent = recordRequests();
    const answers = await Promise.all([fetchPublicConfig(), fetchPublicConfig(), fetchPublicConfig()]);
    expect(answers.map((a) => a.siteName)).toEqual(['Academy', 'Academy', 'Academy']);
    expect(sent).toHaveLength(1);
    await fetchPublicConfig();
    expect(sent).toHaveLength(2);
  });

  it('lets the next caller try again after a failure', async () => {
    server.use(http.get('/api/public-config', () => HttpResponse.error(), { once: true }));
    await expect(fetchPublicConfig()).rejects.toThrow();
    await expect(fetchPublicConfig()).resolves.toMatchObject({ siteName: 'Academy' });
  });
});
