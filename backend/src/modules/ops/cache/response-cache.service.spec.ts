import type Redis from 'ioredis';
import type { AuditService } from '../../audit';
import type { SettingsService } from '../../settings';
import { fakeOf } from '../../../../test/support/fakes';
import { ResponseCache } from './response-cache.service';

describe('ResponseCache store', () => {
  const settings = fakeOf<SettingsService>()({ clearCache: jest.fn() });
  const published: string[] = [];
  const redis = fakeOf<Redis>()({ publish: async (_channel: string | Buffer, message: string | Buffer) => published.push(String(message)) });
  const cache = () => new ResponseCache(settings, fakeOf<AuditService>()({}), redis, { prefix: '{p}', origin: 'test' });

  afterEach(() => jest.useRealTimers());

  it('forgets an answer after 30 seconds', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const c = cache();
    c.set('/api/courses', { n: 1 });
    jest.setSystemTime(1_000_000 + 29_000);
    expect(c.get('/api/courses')).toEqual({ n: 1 });
    jest.setSystemTime(1_000_000 + 31_000);
    expect(c.get('/api/courses')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('holds at most 1000 answers, dropping the oldest first', () => {
    const c = cache();
    for (let i = 0; i < 1001; i += 1) c.set(`/api/courses/${i}`, i);
    expect(c.size).toBe(1000);
    expect(c.get('/api/courses/0')).toBeUndefined();
    expect(c.get('/api/courses/1000')).toBe(1000);
  });

  it('clears this instance (responses and settings) and tells the others on its channel', async () => {
    const c = cache();
    c.set('/api/public-config', {});
    expect(await c.clearEverywhere('admin')).toBe(1);
    expect(c.size).toBe(0);
    expect(settings.clearCache).toHaveBeenCalled();
    expect(published).toEqual(['admin']);
    expect(c.channel).toBe('{p}:cache-clear');
  });
});
