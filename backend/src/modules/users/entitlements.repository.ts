import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

/** entitlements: lifetime access, one row per payment (or admin grant); revoked, never deleted. Keeps users.plan in line. */
@Injectable()
export class EntitlementsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async hasActive(userId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await queryRows(manager, 'SELECT 1 FROM entitlements WHERE user_id = $1 AND revoked_at IS NULL LIMIT 1', [userId]);
    return rows.length > 0;
  }

  /** When the user's current access began: the earliest active entitlement (its purchase or grant); undefined without access. */
  async accessSince(userId: string, manager: EntityManager = this.dataSource.manager): Promise<Date | undefined> {
    const row = await queryOne<{ since: Date | null }>(manager, 'SELECT min(granted_at) AS since FROM entitlements WHERE user_id = $1 AND revoked_at IS NULL', [
      userId,
    ]);
    return row?.since ?? undefined;
  }

  /**
   * Active learners whose current access began in (after, upTo] (after null: any time up to upTo),
   * with that moment: whom a dripped lesson opened for in a window. One page at a time, in user id
   * order, after `page.afterUserId` (the entitlements_user_active_idx index walks it).
   */
  learnersWithAccessBeganIn(
    after: Date | null,
    upTo: Date,
    page: { afterUserId: string | null; limit: number },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Array<{ user_id: string; since: Date }>> {
    return queryRows<{ user_id: string; since: Date }>(
      manager,
      `SELECT e.user_id, min(e.granted_at) AS since
         FROM entitlements e JOIN users u ON u.id = e.user_id
        WHERE e.revoked_at IS NULL AND u.status = 'active' AND ($3::uuid IS NULL OR e.user_id > $3)
        GROUP BY e.user_id
       HAVING min(e.granted_at) <= $2 AND ($1::timestamptz IS NULL OR min(e.granted_at) > $1)
        ORDER BY e.user_id
        LIMIT $4`,
      [after, upTo, page.afterUserId, page.limit],
    );
  }

  /** Whether lifetime access is active for this email (bought with it, or held by the account that has it). */
  async emailHasActive(email: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT 1 FROM entitlements e LEFT JOIN users u ON u.id = e.user_id
        WHERE e.revoked_at IS NULL AND (lower(e.email) = lower($1) OR lower(u.email) = lower($1)) LIMIT 1`,
      [email],
    );
    return rows.length > 0;
  }

  /** One per payment: false when this payment's entitlement exists already. Attached to the account with that email, if any. */
  async insertForPayment(manager: EntityManager, paymentId: string, email: string): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `INSERT INTO entitlements (user_id, email, payment_id, source)
       VALUES ((SELECT id FROM users WHERE lower(email) = lower($1)), $1, $2, 'payment')
       ON CONFLICT (payment_id) WHERE payment_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [email, paymentId],
    );
    return rows.length > 0;
  }

  /** The holder of the revoked entitlement, or undefined when there was none active. */
  revokeForPayment(manager: EntityManager, paymentId: string, reason: string): Promise<{ user_id: string | null; email: string } | undefined> {
    return queryOne<{ user_id: string | null; email: string }>(
      manager,
      `UPDATE entitlements SET revoked_at = now(), reason = $2 WHERE payment_id = $1 AND revoked_at IS NULL RETURNING user_id, email`,
      [paymentId, reason],
    );
  }

  async revokeAllOfUser(manager: EntityManager, userId: string, reason: string): Promise<void> {
    await execute(manager, `UPDATE entitlements SET revoked_at = now(), reason = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, reason]);
  }

  async insertAdminGrant(manager: EntityManager, userId: string, email: string): Promise<void> {
    await execute(manager, `INSERT INTO entitlements (user_id, email, source, reason) VALUES ($1, $2, 'admin', 'Granted by an admin')`, [userId, email]);
  }

  async attachToUser(manager: EntityManager, userId: string, email: string): Promise<void> {
    await execute(manager, `UPDATE entitlements SET user_id = $1 WHERE user_id IS NULL AND lower(email) = lower($2)`, [userId, email]);
  }

  /** users.plan follows access: lifetime while an entitlement is active, free once none is. */
  async syncPlan(manager: EntityManager, who: { userId?: string; email?: string }): Promise<void> {
    await execute(
      manager,
      `UPDATE users u SET plan = CASE WHEN EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) THEN 'lifetime' ELSE 'free' END,
              updated_at = now()
        WHERE ($1::uuid IS NOT NULL AND u.id = $1::uuid) OR ($2::text IS NOT NULL AND lower(u.email) = lower($2::text))`,
      [who.userId ?? null, who.email ?? null],
    );
  }

  /** A deleted account's entitlements end, and no longer carry its email. */
  async anonymiseUser(manager: EntityManager, userId: string, email: string, replacement: string): Promise<void> {
    await execute(
      manager,
      `UPDATE entitlements SET email = $3, revoked_at = coalesce(revoked_at, now()), reason = coalesce(reason, 'Account deleted')
        WHERE user_id = $1 OR lower(email) = lower($2)`,
      [userId, email, replacement],
    );
  }
}
