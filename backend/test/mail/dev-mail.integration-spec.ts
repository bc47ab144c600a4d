import { adminToken, createUser, login } from '../factories/users.factory';
import { waitForMail } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The developers' captured-mail viewer holds every password-reset link. A
 * machine elsewhere on the network (a colleague's laptop, a scanner on the
 * café Wi-Fi) must not read it: it gets the 404 production gives, whatever
 * X-Forwarded-For it writes, unless it brings an administrator's session.
 */
describe('captured mail viewer: the local machine or an admin only', () => {
  let app: TestApp;
  let mailId: string;

  beforeAll(async () => {
    // Behind a proxy setting: X-Forwarded-For is honoured for req.ip, and must still not open the viewer.
    app = await startTestApp({ worker: true, env: { TRUST_PROXY: 'true' } });
    const victim = await createUser(app.db, { email: 'victim.devmail@example.com' });
    await app.http.post('/api/auth/forgot-password').send({ email: victim.email }).expect(200);
    await waitForMail(app, victim.email);
    const list = await app.http.get(`/api/dev/mail?to=${encodeURIComponent(victim.email)}`).expect(200);
    mailId = list.body.mail[0].id;
  });
  afterAll(() => app?.close());

  /** A request as it arrives from another machine: the socket's peer is that machine's address. */
  const fromNetwork = (url: string, headers: Record<string, string> = {}, remoteAddress = '192.168.1.77') =>
    app.api.getHttpAdapter().getInstance().inject({ method: 'GET', url, remoteAddress, headers });

  const viewer = () => [
    '/api/dev/mail',
    '/api/dev/mail/inbox',
    `/api/dev/mail/${mailId}`,
    `/api/dev/mail/${mailId}/html`,
    `/api/dev/mail/${mailId}/attachments/0`,
  ];

  it('serves the developer on this machine (127.0.0.1), links included', async () => {
    const one = await app.http.get(`/api/dev/mail/${mailId}`).expect(200);
    expect(one.body.text).toMatch(/token=/);
    expect((await app.http.get('/api/dev/mail/inbox').expect(200)).text).toContain('victim.devmail@example.com');
    // The same from an IPv6 loopback peer.
    expect((await fromNetwork(`/api/dev/mail/${mailId}`, {}, '::1')).statusCode).toBe(200);
  });

  it('answers 404 to another machine, with no mail in the answer, whatever X-Forwarded-For says', async () => {
    for (const url of viewer()) {
      const spoofs: Array<Record<string, string>> = [
        {},
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-for': '::1, 127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
      ];
      for (const headers of spoofs) {
        const res = await fromNetwork(url, headers);
        expect({ url, headers, status: res.statusCode }).toEqual({ url, headers, status: 404 });
        expect(res.body).not.toContain('victim.devmail');
        expect(res.body).not.toContain('token=');
        expect(JSON.parse(res.body)).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Not found' });
      }
    }
  });

  it('answers 404 to a request a local reverse proxy forwarded from elsewhere', async () => {
    const res = await app.http.get('/api/dev/mail').set('x-forwarded-for', '203.0.113.9').expect(404);
    expect(res.text).not.toContain('victim.devmail');
  });

  it("answers 404 to a learner's session from the network, and serves an administrator's", async () => {
    const learner = await login(app, await createUser(app.db));
    expect((await fromNetwork('/api/dev/mail', { authorization: `Bearer ${learner}` })).statusCode).toBe(404);
    expect((await fromNetwork('/api/dev/mail', { authorization: 'Bearer not-a-token' })).statusCode).toBe(404);
    const { token } = await adminToken(app);
    const res = await fromNetwork(`/api/dev/mail/${mailId}`, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).to).toBe('victim.devmail@example.com');
  });
});
