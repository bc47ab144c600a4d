import { WebhookSecrets } from '../../src/modules/webhooks/webhook-secrets.service';
import { generateSecret } from '../../src/modules/webhooks/webhook-signature';
import { adminToken } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { Receiver } from '../support/webhook-receiver';

const PRIVATE = 'This URL points to a private, loopback or link-local address, which webhooks may not reach';

/** Issue 34: with the production policy (no private addresses, https only), webhooks cannot be aimed at the server's own network (SSRF). */
describe('outbound webhooks under the production URL policy', () => {
  let app: TestApp;
  let admin: { authorization: string };
  const receiver = new Receiver();

  beforeAll(async () => {
    app = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false', WEBHOOKS_ALLOW_HTTP: 'false', WEBHOOKS_SWEEP_EVERY_MS: '200' } });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    await receiver.start();
    await app.startWorker();
  });
  afterAll(async () => {
    await app.close();
    await receiver.stop();
  });

  it('refuses on save a URL that is http, or points (literally or by its name) to a private, loopback, link-local or metadata address', async () => {
    const cases: Array<[string, string]> = [
      [receiver.url('/x'), 'The URL must start with https://'],
      ['https://127.0.0.1:8443/x', PRIVATE],
      ['https://169.254.169.254/latest/meta-data', PRIVATE],
      ['https://10.0.0.5/hook', PRIVATE],
      ['https://[::1]/hook', PRIVATE],
      ['https://[::ffff:192.168.0.1]/hook', PRIVATE],
      ['https://localhost/hook', PRIVATE],
      ['https://localhost./hook', PRIVATE],
    ];
    for (const [url, message] of cases) {
      const res = await app.http
        .post('/api/admin/webhooks')
        .set(admin)
        .send({ url, eventTypes: ['payment.confirmed'] });
      expect({ url, status: res.status, error: res.body.errors?.url }).toEqual({ url, status: 400, error: message });
    }
    expect((await app.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n).toBe(0);
  });

  it('refuses at delivery an address that became private after the URL was saved (DNS rebinding): nothing leaves, the attempt is logged', async () => {
    // Rows as if saved while their names resolved to public addresses.
    const urls = [receiver.url('/rebound').replace('127.0.0.1', 'localhost'), receiver.url('/literal')];
    const ids: string[] = [];
    for (const url of urls) {
      const sealed = app.api.get(WebhookSecrets).seal(generateSecret());
      const [row] = await app.db.query(
        `INSERT INTO webhook_endpoints (url, event_types, secret_encrypted) VALUES ($1, ARRAY['payment.confirmed'], $2) RETURNING id`,
        [url, sealed],
      );
      ids.push(row.id);
    }
    for (const id of ids) await app.http.post(`/api/admin/webhooks/${id}/test`).set(admin).expect(201);
    await eventually(
      async () => {
        const rows = await app.db.query(`SELECT state FROM webhook_deliveries WHERE endpoint_id = ANY($1::uuid[])`, [ids]);
        return rows.length === 2 && rows.every((r: { state: string }) => r.state === 'failed');
      },
      { what: 'both deliveries refused' },
    );
    const attempts = await app.db.query(
      `SELECT error, response_status FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(attempts).toHaveLength(2);
    for (const a of attempts) expect(a).toEqual({ response_status: null, error: expect.stringMatching(/^(EWEBHOOKPRIVATE: )?Refused: .* private address$/) });
    expect(receiver.received).toHaveLength(0);
  });
});
