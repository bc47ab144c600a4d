import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Affiliate emails (issue 33): a commission's "approved" mail goes out once.
 *
 * - affiliate_commissions.approved_notified_at: when the sweep told the
 *   affiliate that the commission passed its hold (stamped in the transaction
 *   that writes `commission.approved` and owes the mail). NULL: not told yet.
 * - affiliate_commissions_approval_due_idx: the sweep's question, "pending
 *   commissions not in a payout and not told yet, by the end of their hold".
 *   Partial, so it holds only the commissions still waiting for their mail.
 *
 * Commissions that exist already keep NULL: those still pending and unpaid
 * get their one mail from the first sweep (past their hold: "approved, in
 * the next payout", which is true and was never said), and lines that are
 * paid, reversed, refused or clawbacks never qualify. The table is young and
 * small (the programme shipped in 1795660000000): the index is built in the
 * transaction.
 */
export class AffiliateMails1795710000000 implements MigrationInterface {
  name = 'AffiliateMails1795710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE affiliate_commissions ADD COLUMN approved_notified_at timestamptz`);
    await q.query(
      `CREATE INDEX affiliate_commissions_approval_due_idx ON affiliate_commissions (payable_at, id)
        WHERE approved_notified_at IS NULL AND kind = 'commission' AND state = 'pending' AND payout_id IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX affiliate_commissions_approval_due_idx`);
    await q.query(`ALTER TABLE affiliate_commissions DROP COLUMN approved_notified_at`);
  }
}
