import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { OutboxRelay } from '../../src/events/outbox-relay.service';
import { OwedCommandPublisher } from '../../src/events/owed-command-publisher';
import { RedriveService } from '../../src/events/redrive.service';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { WebhookDispatcher } from '../../src/modules/webhooks/webhook-dispatcher.service';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import type { EventPayloads } from '../../src/events/event-catalogue';
import { adminToken, createUser } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { Receiver, type Received } from '../support/webhook-receiver';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Endpoint {
  id: string;
  url: string;
  status: 'enabled' | 'disabled';
  disabledReason: string | null;
  eventTypes: string[];
  consecutiveFailures: number;
}

interface Delivery {
  id: string;
  eventType: string;
  state: string;
  attemptCount: number;
  attempts: Array<{
    attempt: number;
    requestHeaders: Record<string, string>;
    responseStatus: number | null;
    error: string | null;
    responseBody: string | null;
  }>;
}

/** Issue 34: outbound webhooks to the Standard Webhooks specification, sent by the worker from the outbox, to a local receiver. */
describe('outbound webhooks', () => {
  let app: TestApp;
  let admin: { authorization: string };
  const receiver = new Receiver();

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        REDRIVE_GRACE_SECONDS: '1',
        WEBHOOKS_BACKOFF_BASE_MS: '100',
        WEBHOOKS_BACKOFF_CAP_SECONDS: '1',
        WEBHOOKS_SWEEP_EVERY_MS: '200',
        WEBHOOKS_TIMEOUT_MS: '2000',
      },
    });
    admin = bearer((await adminToken(app)).token);
    await receiver.start();
    await app.startWorker();
  });
  afterAll(async () => {
    await app.close();
    await receiver.stop();
  });

  async function addEndpoint(path: string, eventTypes: string[]): Promise<{ endpoint: Endpoint; secret: string }> {
    const res = await app.http
      .post('/api/admin/webhooks')
      .set(admin)
      .send({ url: receiver.url(path), description: path, eventTypes });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    const secret = await app.http.get(`/api/admin/webhooks/${res.body.id}/secret`).set(admin).expect(200);
    return { endpoint: res.body as Endpoint, secret: secret.body.secret as string };
  }

  const emit = <T extends keyof EventPayloads>(type: T, aggregate: { type: string; id: string }, payload: EventPayloads[T]) =>
    app.api.get(TransactionRunner).run((tx) => tx.emit(type, aggregate, payload));

  const confirmed = (paymentId: string) =>
    emit(
      'payment.confirmed',
      { type: 'payment', id: paymentId },
      { paymentId, email: 'buyer@example.com', amount: '497.00', currency: 'USD', provider: 'sandbox' },
    );
  const refunded = (paymentId: string) =>
    emit(
      'payment.refunded',
      { type: 'payment', id: paymentId },
      { paymentId, email: 'buyer@example.com', amount: '497.00', currency: 'USD', reason: 'asked', userId: null },
    );

  const deliveries = async (endpointId: string): Promise<Delivery[]> =>
    (await app.http.get(`/api/admin/webhooks/${endpointId}/deliveries?range=[0,99]`).set(admin).expect(200)).body as Delivery[];
  const endpoint = async (id: string): Promise<Endpoint> => (await app.http.get(`/api/admin/webhooks/${id}`).set(admin).expect(200)).body as Endpoint;
  const parsed = (r: Received) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };
  const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>);

  it('offers a catalogue of event types, and the admin API routes to API keys as the "webhooks" resource', async () => {
    const res = await app.http.get('/api/admin/webhooks/event-types').set(admin).expect(200);
    expect(res.body.testEventType).toBe('webhook.test');
    expect(res.body.eventTypes).toContainEqual({ type: 'payment.confirmed', description: expect.any(String) });
    const types = (res.body.eventTypes as Array<{ type: string }>).map((t) => t.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'payment.refunded',
        'account.created',
        'lesson.completed',
        'course.completed',
        'certificate.issued',
        'commission.created',
        'refund.requested',
      ]),
    );
    expect(types).not.toContain('user.logged_in');
    const scopes = await app.http.get('/api/admin/api-keys/scopes').set(admin).expect(200);
    expect(scopes.body.resources).toContainEqual({ resource: 'webhooks', label: 'Webhooks' });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const before = (await app.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ url: 'not a url', eventTypes: ['payment.confirmed'] }, 'url', /absolute URL/],
      [{ url: 'ftp://example.com/x', eventTypes: ['payment.confirmed'] }, 'url', /https/],
      [{ url: receiver.url('/x'), eventTypes: [] }, 'eventTypes', /at least one event type/],
      [{ url: receiver.url('/x'), eventTypes: ['payment.confirmed', 'user.logged_in'] }, 'eventTypes', /Unknown event type: user.logged_in/],
      [{ url: receiver.url('/x'), eventTypes: 'payment.confirmed' }, 'eventTypes', /at least one event type/],
      [{ url: receiver.url('/x'), eventTypes: ['payment.confirmed'], description: 'x'.repeat(501) }, 'description', /500 characters/],
    ];
    for (const [body, field, message] of cases) {
      const res = await app.http.post('/api/admin/webhooks').set(admin).send(body).expect(400);
      expect(res.body.errors[field]).toMatch(message);
    }
    expect((await app.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n).toBe(before);
    await app.http.put(`/api/admin/webhooks/${randomUUID()}`).set(admin).send({ description: 'x' }).expect(404);
  });

  it('signs every delivery so that standardwebhooks verifies it, keeps the secret out of lists, encrypts it at rest, and logs the attempt', async () => {
    const { endpoint: created, secret } = await addEndpoint('/signed', ['payment.confirmed']);
    expect(secret).toMatch(/^whsec_/);
    const list = await app.http.get('/api/admin/webhooks').set(admin).expect(200);
    expect(list.headers['content-range']).toMatch(/^webhooks 0-\d+\/\d+$/);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const [row] = await app.db.query(`SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1`, [created.id]);
    expect(row.secret_encrypted).not.toContain(secret.slice(6));

    const paymentId = randomUUID();
    const eventId = await confirmed(paymentId);
    await eventually(async () => receiver.at('/signed').length === 1, { what: 'the delivery received' });
    const [req] = receiver.at('/signed');
    expect(verify(secret, req)).toEqual({
      type: 'payment.confirmed',
      timestamp: expect.any(String),
      data: expect.objectContaining({ paymentId, amount: '497.00' }),
    });
    expect(req.headers['content-type']).toBe('application/json');
    await eventually(async () => (await deliveries(created.id))[0]?.state === 'delivered', { what: 'the delivery recorded' });
    const [delivery] = await deliveries(created.id);
    expect(delivery).toMatchObject({ eventType: 'payment.confirmed', state: 'delivered', attemptCount: 1 });
    expect(req.headers['webhook-id']).toBe(delivery.id);
    expect(delivery.attempts).toEqual([expect.objectContaining({ attempt: 1, responseStatus: 200, responseBody: 'ok', error: null })]);
    expect((await app.db.query(`SELECT event_id FROM webhook_deliveries WHERE id = $1`, [delivery.id]))[0].event_id).toBe(eventId);
  });

  it('keeps retrying while the receiver is down (503, dropped connections), then delivers every event once it returns, in order per payment', async () => {
    const { endpoint: created, secret } = await addEndpoint('/down', ['payment.confirmed', 'payment.refunded']);
    receiver.answer('/down', 503);
    const payments = [randomUUID(), randomUUID(), randomUUID()];
    for (const p of payments) {
      await confirmed(p);
      await refunded(p);
    }
    await eventually(async () => receiver.at('/down').length >= 6, { what: 'several failed attempts' });
    receiver.answer('/down', 'reset');
    const failedSoFar = receiver.at('/down').length;
    await eventually(async () => receiver.at('/down').length >= failedSoFar + 3, { what: 'attempts on dropped connections' });
    // While the first event of a payment is not delivered, its refund is never sent.
    for (const r of receiver.at('/down')) expect(parsed(r).type).toBe('payment.confirmed');

    receiver.answer('/down', 200);
    await eventually(async () => (await deliveries(created.id)).filter((d) => d.state === 'delivered').length === 6, {
      timeoutMs: 30_000,
      what: 'all six delivered',
    });
    const log = await deliveries(created.id);
    expect(log).toHaveLength(6);
    for (const d of log) {
      const ids = new Set(d.attempts.map((a) => a.requestHeaders['webhook-id']));
      expect([...ids]).toEqual([d.id]);
    }
    const attempts = log.flatMap((d) => d.attempts);
    expect(attempts.filter((a) => a.responseStatus === 503).length).toBeGreaterThanOrEqual(6);
    expect(attempts.filter((a) => a.responseStatus === null && a.error).length).toBeGreaterThanOrEqual(3);

    const ok = receiver.at('/down').filter((r) => {
      try {
        verify(secret, r);
        return true;
      } catch {
        return false;
      }
    });
    expect(ok).toHaveLength(receiver.at('/down').length);
    for (const p of payments) {
      const seen = receiver.at('/down').filter((r) => parsed(r).data.paymentId === p);
      const lastConfirmed = seen.map((r) => parsed(r).type).lastIndexOf('payment.confirmed');
      const firstRefunded = seen.map((r) => parsed(r).type).indexOf('payment.refunded');
      expect(firstRefunded).toBeGreaterThan(lastConfirmed);
      expect(seen.filter((r) => parsed(r).type === 'payment.refunded')).toHaveLength(1);
    }
    expect((await endpoint(created.id)).status).toBe('enabled');
  });

  it('a payment’s later event waits while an earlier one is not fanned out yet (its fan-out job lost and re-driven)', async () => {
    const { endpoint: created, secret } = await addEndpoint('/order', ['payment.confirmed', 'payment.refunded']);
    await app.stopWorker();
    const paymentId = randomUUID();
    const first = await confirmed(paymentId);
    const second = await refunded(paymentId);
    await app.api.get(OwedCommandPublisher).idle();
    await app.api.get(OutboxRelay).idle();
    // Redis lost the earlier event's fan-out job; the later one is fanned out first.
    await eventually(async () => (await app.api.get(QueueService).queue(QueueName.Notifications).getJob(`fan-out-webhooks-${first}`)) ?? null, {
      what: 'the fan-out job',
    });
    await (await app.api.get(QueueService).queue(QueueName.Notifications).getJob(`fan-out-webhooks-${first}`))!.remove();
    const worker = await app.startWorker();
    await eventually(async () => (await deliveries(created.id)).some((d) => d.eventType === 'payment.refunded'), { what: 'the later event fanned out' });
    worker.get(WebhookDispatcher).wake();
    await new Promise((r) => setTimeout(r, 700));
    expect(receiver.at('/order')).toHaveLength(0);

    await eventually(
      async () => {
        await worker.get(RedriveService).sweep();
        return receiver.at('/order').length === 2;
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'both delivered after the re-drive' },
    );
    expect(receiver.at('/order').map((r) => (verify(secret, r) as { type: string }).type)).toEqual(['payment.confirmed', 'payment.refunded']);
    expect(
      (
        await app.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = ANY($2::uuid[])`, [
          created.id,
          [first, second],
        ])
      )[0].n,
    ).toBe(2);
  });

  it('a 4xx answer fails the delivery without retrying it', async () => {
    const { endpoint: created } = await addEndpoint('/bad-request', ['payment.confirmed']);
    receiver.answer('/bad-request', 400);
    await confirmed(randomUUID());
    await eventually(async () => (await deliveries(created.id))[0]?.state === 'failed', { what: 'the delivery failed' });
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.at('/bad-request')).toHaveLength(1);
    expect((await deliveries(created.id))[0]).toMatchObject({
      state: 'failed',
      attemptCount: 1,
      attempts: [expect.objectContaining({ responseStatus: 400, responseBody: 'answered 400' })],
    });
  });

  it('a 410 disables the endpoint with an admin alert; nothing more is sent until it is enabled again', async () => {
    const { endpoint: created } = await addEndpoint('/gone', ['payment.confirmed']);
    receiver.answer('/gone', 410);
    await confirmed(randomUUID());
    await eventually(async () => (await endpoint(created.id)).status === 'disabled', { what: 'the endpoint disabled' });
    expect((await endpoint(created.id)).disabledReason).toMatch(/410/);
    const [alert] = await app.db.query(`SELECT subject, text FROM system_alerts WHERE kind = 'webhook-disabled' AND resolved_at IS NULL`);
    expect(alert.text).toContain(receiver.url('/gone'));

    await confirmed(randomUUID());
    await app.http.post(`/api/admin/webhooks/${created.id}/test`).set(admin).expect(409);
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.at('/gone')).toHaveLength(1);

    receiver.answer('/gone', 200);
    expect((await app.http.post(`/api/admin/webhooks/${created.id}/enable`).set(admin).expect(200)).body).toMatchObject({
      status: 'enabled',
      disabledReason: null,
    });
    await app.http.post(`/api/admin/webhooks/${created.id}/test`).set(admin).expect(201);
    await eventually(async () => receiver.at('/gone').length === 2, { what: 'the test event after enabling' });
    expect(parsed(receiver.at('/gone')[1]).type).toBe('webhook.test');
    expect((await app.http.post(`/api/admin/webhooks/${created.id}/disable`).set(admin).expect(200)).body.status).toBe('disabled');
  });

  it('an endpoint failing without a break for long enough is disabled, with an admin alert', async () => {
    const { endpoint: created } = await addEndpoint('/failing', ['payment.confirmed']);
    receiver.answer('/failing', 500);
    // 49 failed attempts in a row over two days (the defaults: 50 attempts, at least a day).
    await app.db.query(`UPDATE webhook_endpoints SET consecutive_failures = 49, failing_since = now() - interval '2 days' WHERE id = $1`, [created.id]);
    await confirmed(randomUUID());
    await eventually(async () => (await endpoint(created.id)).status === 'disabled', { what: 'the endpoint disabled' });
    expect((await endpoint(created.id)).disabledReason).toMatch(/^50 failed attempts in a row since .* \(last: HTTP 500\)$/);
    const [alert] = await app.db.query(`SELECT text FROM system_alerts WHERE kind = 'webhook-disabled' AND resolved_at IS NULL`);
    expect(alert.text).toContain(receiver.url('/failing'));
    // Its delivery stays pending: enabling the endpoint again sends it.
    receiver.answer('/failing', 200);
    await app.http
      .put(`/api/admin/webhooks/${created.id}`)
      .set(admin)
      .send({ ...created, enabled: true })
      .expect(200);
    await eventually(async () => (await deliveries(created.id))[0]?.state === 'delivered', { what: 'the delivery after enabling' });
    expect((await endpoint(created.id)).consecutiveFailures).toBe(0);
  });

  it('resend delivers a delivery again with the same webhook-id; a test event is verifiable too', async () => {
    const { endpoint: created, secret } = await addEndpoint('/resend', ['lesson.completed']);
    const test = await app.http.post(`/api/admin/webhooks/${created.id}/test`).set(admin).expect(201);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', state: 'pending' });
    await eventually(async () => receiver.at('/resend').length === 1, { what: 'the test event' });
    expect(verify(secret, receiver.at('/resend')[0])).toMatchObject({ type: 'webhook.test', data: { endpointId: created.id } });
    await eventually(async () => (await deliveries(created.id))[0]?.state === 'delivered', { what: 'the test delivered' });

    const resent = await app.http.post(`/api/admin/webhooks/${created.id}/deliveries/${test.body.id}/resend`).set(admin).expect(200);
    expect(resent.body).toMatchObject({ id: test.body.id, state: 'pending' });
    await eventually(async () => receiver.at('/resend').length === 2, { what: 'the resent delivery' });
    const [first, second] = receiver.at('/resend');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(verify(secret, second)).toMatchObject({ type: 'webhook.test' });
    await eventually(async () => (await deliveries(created.id))[0]?.attempts.length === 2, { what: 'both attempts logged' });
    await app.http.post(`/api/admin/webhooks/${created.id}/deliveries/${randomUUID()}/resend`).set(admin).expect(404);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'resend-webhook' AND resource_id = $1`, [created.id]);
    expect(n).toBe(1);
  });

  it('after a rotation both secrets sign for a while: receivers with either verify', async () => {
    const { endpoint: created, secret: old } = await addEndpoint('/rotate', ['course.completed']);
    const rotated = await app.http.post(`/api/admin/webhooks/${created.id}/rotate-secret`).set(admin).expect(200);
    expect(rotated.body.secret).not.toBe(old);
    expect(rotated.body.previousSecret).toBe(old);
    const hours = (new Date(rotated.body.previousSecretExpiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const learner = await createUser(app.db);
    await emit('course.completed', { type: 'course', id: '1' }, { userId: learner.id, userName: learner.name, courseId: 1, courseTitle: 'Traffic' });
    await eventually(async () => receiver.at('/rotate').length === 1, { what: 'the delivery after rotation' });
    const [req] = receiver.at('/rotate');
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(old, req)).toMatchObject({ type: 'course.completed' });
    expect(verify(rotated.body.secret, req)).toMatchObject({ type: 'course.completed' });
    // Once the window has passed, only the new secret signs.
    await app.db.query(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [created.id]);
    await app.http.post(`/api/admin/webhooks/${created.id}/test`).set(admin).expect(201);
    await eventually(async () => receiver.at('/rotate').length === 2, { what: 'the test after the window' });
    const after = receiver.at('/rotate')[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(old, after)).toThrow();
    expect(verify(rotated.body.secret, after)).toMatchObject({ type: 'webhook.test' });
  });

  it('owes no fan-out (no delivery row, no job) for an event no enabled endpoint takes, and one once an endpoint takes its type', async () => {
    const issued = () =>
      emit(
        'certificate.issued',
        { type: 'certificate', id: randomUUID() },
        { certificateId: randomUUID(), userId: randomUUID(), userName: 'Ada', courseId: 1, courseTitle: 'Alpha' },
      );
    const fanOutOwed = async (eventId: string) => {
      await app.api.get(OutboxRelay).idle();
      const [{ n }] = await app.db.query(
        `SELECT (SELECT count(*) FROM event_deliveries WHERE consumer = 'fan-out-webhooks' AND event_id = $1)
              + (SELECT count(*) FROM processed_events WHERE consumer = 'fan-out-webhooks' AND event_id = $1) AS n`,
        [eventId],
      );
      const job = await app.api.get(QueueService).queue(QueueName.Notifications).getJob(`fan-out-webhooks-${eventId}`);
      return { rows: Number(n), job: job !== undefined };
    };
    // No endpoint takes the type: the event is written and published, and the fan-out owes nothing.
    const unheard = await issued();
    expect(await fanOutOwed(unheard)).toEqual({ rows: 0, job: false });
    // A disabled endpoint that takes it changes nothing.
    const { endpoint: created } = await addEndpoint('/certificates', ['certificate.issued']);
    await app.http.put(`/api/admin/webhooks/${created.id}`).set(admin).send({ enabled: false }).expect(200);
    expect(await fanOutOwed(await issued())).toEqual({ rows: 0, job: false });
    // Enabled, it gets the next event at once.
    await app.http.put(`/api/admin/webhooks/${created.id}`).set(admin).send({ enabled: true }).expect(200);
    const heard = await issued();
    const owed = await fanOutOwed(heard);
    expect(owed.rows).toBe(1);
    await eventually(async () => receiver.at('/certificates').length === 1, { what: 'the delivery' });
    expect(parsed(receiver.at('/certificates')[0]).type).toBe('certificate.issued');
    expect((await deliveries(created.id)).map((d) => d.eventType)).toEqual(['certificate.issued']);
  });

  it('a redelivered event owes no second delivery; deleting an endpoint takes its log', async () => {
    const { endpoint: created } = await addEndpoint('/once', ['payment.confirmed']);
    const eventId = await confirmed(randomUUID());
    await eventually(async () => receiver.at('/once').length === 1, { what: 'the delivery' });
    await app.db.query(`DELETE FROM processed_events WHERE consumer = 'fan-out-webhooks' AND event_id = $1`, [eventId]);
    const [row] = await app.db.query(`SELECT * FROM outbox_events WHERE id = $1`, [eventId]);
    const { Webhooks } = await import('../../src/modules/webhooks/webhooks.service');
    const { envelopeOf } = await import('../factories/events.factory');
    expect(await app.worker!.get(Webhooks).fanOut(envelopeOf(row))).toMatchObject({ deliveries: 0 });
    expect(await deliveries(created.id)).toHaveLength(1);
    await app.http.delete(`/api/admin/webhooks/${created.id}`).set(admin).expect(200);
    expect((await app.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [created.id]))[0].n).toBe(0);
    await app.http.get(`/api/admin/webhooks/${created.id}`).set(admin).expect(404);
  });
});
