import { randomBytes } from 'node:crypto';
import { pythonSign } from '../support/python-sign';
import { eventually, type TestApp } from '../support/test-app';
import { ipnBody } from '../../../test/support/ipn-body.cjs';

export interface CheckoutResult {
  paymentId: string;
  paymentUrl: string;
  email: string;
  /** The proof of purchase the buyer's browser keeps for account creation. */
  claimSecret: string;
}

export async function checkout(app: TestApp, email = `buyer-${randomBytes(4).toString('hex')}@example.com`): Promise<CheckoutResult> {
  const res = await app.http
    .post('/api/payments/create')
    .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: `user_${Date.now()}`, email });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, email };
}

/** A NOWPayments-shaped IPN for one of our payments (test/support/ipn-body.cjs, shared with the fault suite). */
export { ipnBody };

/** Posts an IPN signed by python3 with the sandbox secret (or the given signature). */
export function sendIpn(app: TestApp, body: string, signature: string | null = pythonSign(app.env.SANDBOX_IPN_SECRET, body), provider = 'sandbox') {
  const req = app.http.post(`/api/payments/webhook/${provider}`).set('content-type', 'application/json');
  return (signature === null ? req : req.set('x-nowpayments-sig', signature)).send(body);
}

export async function paymentState(app: TestApp, paymentId: string): Promise<string> {
  const [row] = await app.db.query('SELECT state FROM payments WHERE id = $1', [paymentId]);
  return row.state;
}

export async function entitlementsOf(app: TestApp, paymentId: string): Promise<Array<{ revoked_at: Date | null; user_id: string | null }>> {
  return app.db.query('SELECT revoked_at, user_id FROM entitlements WHERE payment_id = $1', [paymentId]);
}

/** Waits until the worker processed every stored notification of the payment. */
export async function settled(app: TestApp, paymentId: string): Promise<void> {
  await eventually(
    async () => {
      const [{ n }] = await app.db.query('SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1 AND processed_at IS NULL', [paymentId]);
      return n === 0;
    },
    { what: `notifications of ${paymentId} processed` },
  );
}

/** Buys through the sandbox: checkout + the simulator's finished sequence, then waits for the entitlement. */
export async function buy(app: TestApp, email?: string): Promise<CheckoutResult> {
  const paid = await checkout(app, email);
  await app.http.post(`/api/payments/sandbox/${paid.paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
  await eventually(async () => (await entitlementsOf(app, paid.paymentId)).length === 1, { what: 'entitlement' });
  return paid;
}
