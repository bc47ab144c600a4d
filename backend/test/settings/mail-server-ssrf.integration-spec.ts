import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A service on the server's own network that talks first, the way SSH, an
 * internal relay or a database proxy does: `script` is what it answers to
 * each line it receives (its greeting first).
 */
class BannerServer {
  connections = 0;
  private server!: Server;
  constructor(private readonly script: string[]) {}

  async start(): Promise<number> {
    this.server = createServer((socket: Socket) => {
      this.connections++;
      const lines = [...this.script];
      socket.write(lines.shift()!);
      socket.on('data', () => {
        const next = lines.shift();
        if (next) socket.write(next);
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.port;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const SECRET_BANNERS = ['OpenSSH_9.6p1', 'build-host-7f3a', 'relay-42.corp.internal', 'ldap-01.corp', 'banner-secret-ab12'];

/**
 * Admin > Settings > Email's mail server was a way into the server's own
 * network: the test email connected anywhere and answered the remote's
 * greeting in its error (an internal SSH or relay banner). Now the error is
 * in our words only, and in production internal addresses are refused
 * before any connection (SMTP_ALLOW_PRIVATE_HOSTS=true allows them).
 */
describe("the admin's mail server setting cannot reach or read internal services", () => {
  const ssh = new BannerServer(['SSH-2.0-OpenSSH_9.6p1 build-host-7f3a\r\n']);
  const refusingRelay = new BannerServer(['554 5.7.1 relay-42.corp.internal ACCESS DENIED for your network\r\n']);
  const authRelay = new BannerServer([
    '220 mx.internal ESMTP banner-secret-ab12\r\n',
    '250-mx.internal\r\n250 AUTH PLAIN LOGIN\r\n',
    '535 5.7.8 authentication failed against ldap-01.corp (uid=mailer,ou=svc)\r\n',
  ]);

  beforeAll(async () => {
    for (const server of [ssh, refusingRelay, authRelay]) await server.start();
  });
  afterAll(async () => {
    for (const server of [ssh, refusingRelay, authRelay]) await server.stop();
  });

  describe('as in development and tests (internal hosts allowed for local mail servers)', () => {
    let app: TestApp;
    let admin: string;
    beforeAll(async () => {
      app = await startTestApp({ worker: true });
      admin = (await adminToken(app)).token;
    });
    afterAll(() => app?.close());

    const testEmail = async (port: number, extra: Record<string, unknown> = {}) => {
      await app.http
        .put('/api/admin/settings/email')
        .set('authorization', `Bearer ${admin}`)
        .send({ smtpHost: '127.0.0.1', smtpPort: port, smtpEncryption: 'none', ...extra })
        .expect(200);
      return app.http.post('/api/admin/settings/test-email').set('authorization', `Bearer ${admin}`).send({});
    };

    it.each([
      ['an SSH server', ssh, /could not be sent: the server did not answer as a mail server does \(EPROTOCOL\)$/],
      ['a relay that refuses us in its greeting', refusingRelay, /could not be sent: the server did not answer as a mail server does \(EPROTOCOL\)$/],
      ['a relay that refuses the credentials', authRelay, /could not be sent: the mail server refused the user name or password \(EAUTH\)$/],
    ])("never repeats %s's own words in the error", async (_what, server, reason) => {
      const before = server.connections;
      const res = await testEmail(server.port, { smtpUsername: 'mailer', smtpPassword: 'relay-password' });
      expect(server.connections).toBe(before + 1);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ statusCode: 502, code: 'MAIL_FAILED' });
      expect(res.body.message).toMatch(reason);
      for (const banner of SECRET_BANNERS) expect(JSON.stringify(res.body)).not.toContain(banner);
    });
  });

  describe('as in production (SMTP_ALLOW_PRIVATE_HOSTS unset there; false here)', () => {
    let app: TestApp;
    let admin: string;
    beforeAll(async () => {
      app = await startTestApp({ worker: true, env: { SMTP_ALLOW_PRIVATE_HOSTS: 'false' } });
      admin = (await adminToken(app)).token;
    });
    afterAll(() => app?.close());

    it.each(['127.0.0.1', '127.8.9.10', 'localhost', '10.20.30.40', '172.16.0.5', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'])(
      'refuses %s before connecting, saying how to allow it',
      async (host) => {
        const before = ssh.connections;
        await app.http
          .put('/api/admin/settings/email')
          .set('authorization', `Bearer ${admin}`)
          .send({ smtpHost: host, smtpPort: ssh.port, smtpEncryption: 'none' })
          .expect(200);
        const res = await app.http.post('/api/admin/settings/test-email').set('authorization', `Bearer ${admin}`).send({});
        expect(res.status).toBe(502);
        expect(res.body.message).toMatch(
          /could not be sent: the mail server is on a loopback, private or link-local address, which production does not allow \(SMTP_ALLOW_PRIVATE_HOSTS=true allows it\)$/,
        );
        expect(ssh.connections).toBe(before);
      },
    );
  });
});
