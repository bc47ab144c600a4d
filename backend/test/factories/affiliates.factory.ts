import { randomBytes } from 'node:crypto';
import { entitlementsOf } from './payments.factory';
import { createUser, login, type CreatedUser } from './users.factory';
import { eventually, type TestApp } from '../support/test-app';

/** A person's browser (the referral counter takes headless browsers and scripts for bots). */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export interface TestAffiliate {
  user: CreatedUser;
  token: string;
  id: string;
  code: string;
}

/** A learner who applied to the affiliate programme (paid by PayPal, to their own email unless told) and whom the admin approved. */
export async function approvedAffiliate(app: TestApp, admin: { authorization: string }, payoutDetails?: string): Promise<TestAffiliate> {
  const user = await createUser(app.db);
  const token = await login(app, user);
  const applied = await app.http
    .post('/api/affiliates/apply')
    .set({ authorization: `Bearer ${token}` })
    .send({ promotionPlan: 'A weekly newsletter with 4,000 readers', payoutMethod: 'paypal', payoutDetails: payoutDetails ?? user.email });
  if (applied.status !== 201) throw new Error(`affiliate application failed: ${applied.status} ${JSON.stringify(applied.body)}`);
  await app.http.put(`/api/admin/affiliates/${applied.body.id}`).set(admin).send({ status: 'approved' }).expect(200);
  return { user, token, id: applied.body.id, code: applied.body.code };
}

/**
 * A sale through the affiliate's referral link, paid in the sandbox (497.00 USD), once its commission consumer
 * ran. Answers the payment and its commission line's id.
 */
export async function referredSale(app: TestApp, affiliate: Pick<TestAffiliate, 'code'>): Promise<{ paymentId: string; commissionId: string }> {
  const visit = await app.http.post('/api/referrals/visit').set('user-agent', BROWSER).send({ ref: affiliate.code, path: '/' }).expect(200);
  const email = `buyer-${randomBytes(4).toString('hex')}@example.com`;
  const created = await app.http
    .post('/api/payments/create')
    .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email, referral: visit.body.referral });
  if (created.status !== 201) throw new Error(`checkout failed: ${created.status} ${JSON.stringify(created.body)}`);
  const paymentId = created.body.paymentId as string;
  await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
  await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
  const [line] = await eventually(
    async () => {
      const rows: Array<{ id: string }> = await app.db.query(`SELECT id FROM affiliate_commissions WHERE payment_id = $1 AND kind = 'commission'`, [paymentId]);
      return rows.length ? rows : null;
    },
    { what: 'commission' },
  );
  return { paymentId, commissionId: line.id };
}

/** The hold period of these payments' commissions is over. */
export async function endHold(app: TestApp, paymentIds: string[]): Promise<void> {
  await app.db.query(`UPDATE affiliate_commissions SET payable_at = now() - interval '1 second' WHERE payment_id = ANY($1::uuid[])`, [paymentIds]);
}
