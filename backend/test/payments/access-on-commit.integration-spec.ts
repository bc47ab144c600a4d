import { QueueService } from '../../src/queue/queue.service';
import { QueueName } from '../../src/queue/queue-names';
import { checkout, entitlementsOf, ipnBody, paymentState, sendIpn } from '../factories/payments.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * Launch day (issue 35): access follows the applied IPN without waiting for
 * the queue (grant-access runs inline in the worker that confirmed the
 * payment), the queued job stays the guarantee and changes nothing, and the
 * thank-you page's long poll answers as soon as the payment changes.
 */
describe('access on commit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const deliveriesOf = async (paymentId: string) =>
    app.db.query(
      `SELECT d.consumer FROM event_deliveries d JOIN outbox_events o ON o.id = d.event_id
        WHERE (o.aggregate_id = $1::text OR o.aggregate_id IN (SELECT id::text FROM payment_events WHERE payment_id = $1::uuid)) AND d.consumer IN ('process-ipn', 'grant-access') ORDER BY 1`,
      [paymentId],
    );
  const markersOf = async (paymentId: string) =>
    app.db.query(
      `SELECT p.consumer FROM processed_events p JOIN outbox_events o ON o.id = p.event_id
        WHERE (o.aggregate_id = $1::text OR o.aggregate_id IN (SELECT id::text FROM payment_events WHERE payment_id = $1::uuid)) AND p.consumer IN ('process-ipn', 'grant-access') ORDER BY 1`,
      [paymentId],
    );

  it('the worker grants access right after it applies the IPN, without a queue round trip; the queued grant-access job then changes nothing', async () => {
    const { paymentId } = await checkout(app);
    await sendIpn(app, ipnBody(paymentId, 'finished')).expect(200);
    // The API only stores the notification: applying it is the worker's.
    expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
    await app.startWorker();
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'access granted' });
    expect(await paymentState(app, paymentId)).toBe('PAID');
    // Both steps recorded their delivery in their own transaction: nothing is owed, each ran once.
    await eventually(async () => (await deliveriesOf(paymentId)).length === 0, { what: 'deliveries settled' });
    expect((await markersOf(paymentId)).map((r: { consumer: string }) => r.consumer)).toEqual(['grant-access', 'process-ipn']);
    // Access came from the inline run: the grant-access job was published all the same (the guarantee), delayed
    // (INLINE_JOB_DELAY_MS) so it does not race the inline run, and it finds the work done.
    const payments = app.api.get(QueueService).queue(QueueName.Payments);
    expect((await payments.getJobs(['delayed'])).map((j) => j.name)).toContain('grant-access');
    await eventually(
      async () => {
        const counts = await payments.getJobCounts('delayed', 'waiting', 'active');
        return counts.delayed + counts.waiting + counts.active === 0;
      },
      { what: 'the delayed job run', timeoutMs: 30_000 },
    );
    expect(await entitlementsOf(app, paymentId)).toHaveLength(1);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND type = 'payment.confirmed'`, [paymentId]);
    expect(n).toBe(1);
    await app.stopWorker();
  });

  describe('the thank-you page long poll: GET /api/payments/{id}/status?wait=&since=', () => {
    // The worker applies the IPNs these tests send.
    beforeAll(() => app.startWorker());
    afterAll(() => app.stopWorker());

    it('answers as soon as the payment changes, not when the wait is up', async () => {
      const { paymentId, claimSecret } = await checkout(app);
      const started = Date.now();
      const answer = app.http
        .get(`/api/payments/${paymentId}/status?wait=25&since=AWAITING_PAYMENT`)
        .set('x-claim-secret', claimSecret)
        .then((r) => r);
      // The request is waiting (it has not answered) when the IPN arrives.
      await eventually(
        async () =>
          (await app.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN payment_changed'`))[0].n >
          0,
        {
          what: 'the listener',
        },
      );
      await new Promise((r) => setTimeout(r, 300));
      await sendIpn(app, ipnBody(paymentId, 'finished')).expect(200);
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ paymentId, state: 'PAID', email: expect.stringContaining('@example.com') });
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    it('answers at once when the state already differs from since', async () => {
      const { paymentId } = await checkout(app);
      const started = Date.now();
      const res = await app.http.get(`/api/payments/${paymentId}/status?wait=25&since=CONFIRMING`).expect(200);
      expect(res.body.state).toBe('AWAITING_PAYMENT');
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    it('answers the unchanged state when the wait is up', async () => {
      const { paymentId } = await checkout(app);
      const res = await app.http.get(`/api/payments/${paymentId}/status?wait=1&since=AWAITING_PAYMENT`).expect(200);
      expect(res.body.state).toBe('AWAITING_PAYMENT');
    });

    it.each([
      ['wait=abc&since=AWAITING_PAYMENT', 'wait must be a whole number of seconds from 0 to 25'],
      ['wait=26&since=AWAITING_PAYMENT', 'wait must be a whole number of seconds from 0 to 25'],
      ['wait=-1&since=AWAITING_PAYMENT', 'wait must be a whole number of seconds from 0 to 25'],
      ['wait=5', 'since must be one of CREATED, AWAITING_PAYMENT, CONFIRMING, PAID, UNDERPAID, EXPIRED, FAILED, MANUAL_REVIEW, REFUNDED'],
      ['wait=5&since=paid', 'since must be one of CREATED, AWAITING_PAYMENT, CONFIRMING, PAID, UNDERPAID, EXPIRED, FAILED, MANUAL_REVIEW, REFUNDED'],
    ])('refuses %s with 400 and a message', async (query, message) => {
      const { paymentId } = await checkout(app);
      const res = await app.http.get(`/api/payments/${paymentId}/status?${query}`).expect(400);
      expect(res.body.message).toBe(message);
    });
  });
});
