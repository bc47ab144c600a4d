import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedRows } from '../../database/sql.repository';
import type { IClaimNewlyApprovedQuery } from './affiliate-mails.repository.types';

/*
 * Typed against the schema by pgtyped (npm run db:types writes affiliate-mails.repository.types.ts).
 *
 * Newly approved: a commission still pending past its hold, in no payout, of an affiliate who may be paid (the
 * payouts' rule), whose affiliate was not told yet. Claimed and stamped in one statement: the rows are locked
 * FOR UPDATE SKIP LOCKED, so two sweeps take different rows, a row a refund or a payout holds is left for the next
 * sweep (which sees it reversed or paid), and the state is checked again on the row as it is once locked.
 */
const claimNewlyApproved = sql<IClaimNewlyApprovedQuery>`
  UPDATE affiliate_commissions ac SET approved_notified_at = now()
    FROM (
      SELECT c.id FROM affiliate_commissions c
       WHERE c.approved_notified_at IS NULL AND c.kind = 'commission' AND c.state = 'pending' AND c.payout_id IS NULL AND c.payable_at <= now()
         AND EXISTS (SELECT 1 FROM affiliates a WHERE a.id = c.affiliate_id AND a.status IN ('approved', 'pending'))
       ORDER BY c.payable_at, c.id LIMIT $limit! FOR UPDATE OF c SKIP LOCKED
    ) due, affiliates f
   WHERE ac.id = due.id AND f.id = ac.affiliate_id
  RETURNING ac.id, ac.affiliate_id, ac.payment_id, ac.amount::text AS "amount!", ac.currency, ac.payable_at, ac.created_at,
            f.name, f.email, f.user_id`;

/** What the affiliate mails need from the programme's tables. */
@Injectable()
export class AffiliateMailsRepository {
  /** Up to `limit` newly approved commissions, stamped as told in the caller's transaction, with their affiliate's contact. */
  claimNewlyApproved(manager: EntityManager, limit: number) {
    return typedRows(manager, claimNewlyApproved, { limit });
  }
}
