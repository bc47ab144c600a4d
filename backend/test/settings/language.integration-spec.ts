import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('Settings > General > Language', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  const setLanguage = (language: string) => app.http.put('/api/admin/settings/general').set('authorization', `Bearer ${admin}`).send({ language });

  it('is English by default in the public configuration the learner site reads', async () => {
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body.language).toBe('en');
  });

  it.each(['es', 'fr', 'de', 'auto', 'en'])('publishes %s to the learner site once saved', async (language) => {
    await setLanguage(language).expect(200);
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body.language).toBe(language);
  });

  it('refuses a language the site does not speak, with a field message, and keeps the saved one', async () => {
    await setLanguage('de').expect(200);
    const res = await setLanguage('it').expect(400);
    expect(res.body.errors).toEqual({ language: 'Language must be one of en, es, fr, de, auto' });
    expect((await app.http.get('/api/public-config').expect(200)).body.language).toBe('de');
    await setLanguage('en').expect(200);
  });
});
