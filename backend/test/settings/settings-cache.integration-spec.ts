import { SettingsService } from '../../src/modules/settings';
import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Settings are read inside transactions (a checkout's referral attribution reads the affiliate settings while it
 * holds its pooled connection). A burst of such transactions must never wait for a second connection to read them:
 * with a pool of 2, that would hold the pool and wait for itself until the pool's time limit, and answer 503s.
 */
describe('settings in a busy process', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { DB_POOL_SIZE: '2', DB_CONNECT_TIMEOUT_MS: '2000' } });
  });
  afterAll(() => app.close());

  const checkout = (i: number) =>
    app.http.post('/api/payments/create').send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: `burst-${i}@example.com` });

  it('a burst of checkouts once the cached settings are past their time: every one answers 201, none waits on the pool', async () => {
    await checkout(0).expect(201);
    // Past the copy's time (5 s), the next reads refresh it.
    await sleep(5200);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => checkout(i + 1)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
  });

  it('a change is read at once by the process that made it, and its copy stays fresh after', async () => {
    const admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    const settings = app.api.get(SettingsService);
    const before = await settings.get('general');
    const siteName = `${before.siteName} (launch)`;
    await app.http.put('/api/admin/settings/general').set(admin).send({ siteName }).expect(200);
    expect((await settings.get('general')).siteName).toBe(siteName);
    await app.http.put('/api/admin/settings/general').set(admin).send({ siteName: before.siteName }).expect(200);
    expect((await settings.get('general')).siteName).toBe(before.siteName);
    // Clear cache reads every section afresh.
    settings.clearCache();
    expect((await settings.get('general')).siteName).toBe(before.siteName);
  });
});
