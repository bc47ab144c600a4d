import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows';

/**
 * Who may study: a user with an active entitlement (admins always). Other
 * modules ask here and never read the entitlements table; payments grants
 * and revokes through it.
 */
@Injectable()
export class AccessService {
  constructor(private readonly dataSource: DataSource) {}

  async hasAccess(userId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM entitlements WHERE user_id = $1 AND revoked_at IS NULL LIMIT 1',
      [userId],
    );
    return rows.length > 0;
  }

  /** Idempotent: one entitlement per payment, attached to the account with that email if it exists. */
  async grantForPayment(manager: EntityManager, payment: { paymentId: string; email: string }): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO entitlements (user_id, email, payment_id, source)
       VALUES ((SELECT id FROM users WHERE lower(email) = lower($1)), $1, $2, 'payment')
       ON CONFLICT (payment_id) WHERE payment_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [payment.email, payment.paymentId],
    );
    if (rows.length > 0) await this.syncPlan(manager, { email: payment.email });
    return rows.length > 0;
  }

  async revokeForPayment(manager: EntityManager, paymentId: string, reason: string): Promise<string | null> {
    const rows = await queryRows<{ user_id: string | null; email: string }>(
      manager,
      `UPDATE entitlements SET revoked_at = now(), reason = $2 WHERE payment_id = $1 AND revoked_at IS NULL RETURNING user_id, email`,
      [paymentId, reason],
    );
    if (rows.length === 0) return null;
    await this.syncPlan(manager, { email: rows[0].email });
    return rows[0].user_id;
  }

  /** A new account inherits the entitlements bought with its email. */
  async attachToUser(manager: EntityManager, userId: string, email: string): Promise<void> {
    await manager.query(`UPDATE entitlements SET user_id = $1 WHERE user_id IS NULL AND lower(email) = lower($2)`, [userId, email]);
    await this.syncPlan(manager, { userId });
  }

  /** An admin's plan choice: a paid plan grants access, free revokes every active entitlement. */
  async applyAdminPlan(manager: EntityManager, user: { id: string; email: string; plan: string }): Promise<void> {
    if (user.plan === 'free') {
      await manager.query(`UPDATE entitlements SET revoked_at = now(), reason = 'Plan set to free by an admin' WHERE user_id = $1 AND revoked_at IS NULL`, [user.id]);
      return;
    }
    if (!(await this.hasAccess(user.id, manager))) {
      await manager.query(`INSERT INTO entitlements (user_id, email, source, reason) VALUES ($1, $2, 'admin', 'Granted by an admin')`, [user.id, user.email]);
    }
  }

  /** Keeps users.plan in line with access: lifetime while an entitlement is active, free once none is. */
  private async syncPlan(manager: EntityManager, who: { userId?: string; email?: string }): Promise<void> {
    await manager.query(
      `UPDATE users u SET plan = CASE WHEN EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) THEN 'lifetime' ELSE 'free' END,
              updated_at = now()
        WHERE ($1::uuid IS NOT NULL AND u.id = $1::uuid) OR ($2::text IS NOT NULL AND lower(u.email) = lower($2::text))`,
      [who.userId ?? null, who.email ?? null],
    );
  }
}
