import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IAccessSinceQuery,
  IAnonymiseUserEntitlementsQuery,
  IAttachEntitlementsToUserQuery,
  IEmailHasActiveEntitlementQuery,
  IHasActiveEntitlementQuery,
  IInsertAdminGrantQuery,
  IInsertEntitlementForPaymentQuery,
  ILearnersWithAccessBeganInQuery,
  IRevokeAllEntitlementsOfUserQuery,
  IRevokeEntitlementForPaymentQuery,
  ISyncPlanQuery,
} from './entitlements.repository.types';

/* Typed against the schema by pgtyped (npm run db:types writes entitlements.repository.types.ts). */
const hasActiveEntitlement = sql<IHasActiveEntitlementQuery>`SELECT 1 AS active FROM entitlements WHERE user_id = $userId! AND revoked_at IS NULL LIMIT 1`;
const accessSince = sql<IAccessSinceQuery>`SELECT min(granted_at) AS since FROM entitlements WHERE user_id = $userId! AND revoked_at IS NULL`;
const learnersWithAccessBeganIn = sql<ILearnersWithAccessBeganInQuery>`
  SELECT e.user_id AS "user_id!", min(e.granted_at) AS "since!"
    FROM entitlements e JOIN users u ON u.id = e.user_id
   WHERE e.revoked_at IS NULL AND u.status = 'active' AND ($afterUserId::uuid IS NULL OR e.user_id > $afterUserId)
   GROUP BY e.user_id
  HAVING min(e.granted_at) <= $upTo! AND ($after::timestamptz IS NULL OR min(e.granted_at) > $after)
   ORDER BY e.user_id
   LIMIT $limit!`;
const emailHasActiveEntitlement = sql<IEmailHasActiveEntitlementQuery>`
  SELECT 1 AS active FROM entitlements e LEFT JOIN users u ON u.id = e.user_id
   WHERE e.revoked_at IS NULL AND (lower(e.email) = lower($email!) OR lower(u.email) = lower($email!)) LIMIT 1`;
const insertEntitlementForPayment = sql<IInsertEntitlementForPaymentQuery>`
  INSERT INTO entitlements (user_id, email, payment_id, source)
  VALUES ((SELECT id FROM users WHERE lower(email) = lower($email!)), $email!, $paymentId!, 'payment')
  ON CONFLICT (payment_id) WHERE payment_id IS NOT NULL DO NOTHING
  RETURNING id`;
const revokeEntitlementForPayment = sql<IRevokeEntitlementForPaymentQuery>`
  UPDATE entitlements SET revoked_at = now(), reason = $reason! WHERE payment_id = $paymentId! AND revoked_at IS NULL RETURNING user_id, email`;
const revokeAllEntitlementsOfUser = sql<IRevokeAllEntitlementsOfUserQuery>`
  UPDATE entitlements SET revoked_at = now(), reason = $reason! WHERE user_id = $userId! AND revoked_at IS NULL`;
const insertAdminGrant = sql<IInsertAdminGrantQuery>`
  INSERT INTO entitlements (user_id, email, source, reason) VALUES ($userId!, $email!, 'admin', 'Granted by an admin')`;
const attachEntitlementsToUser = sql<IAttachEntitlementsToUserQuery>`
  UPDATE entitlements SET user_id = $userId! WHERE user_id IS NULL AND lower(email) = lower($email!)`;
const syncPlan = sql<ISyncPlanQuery>`
  UPDATE users u SET plan = CASE WHEN EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) THEN 'lifetime' ELSE 'free' END,
         updated_at = now()
   WHERE ($userId::uuid IS NOT NULL AND u.id = $userId::uuid) OR ($email::text IS NOT NULL AND lower(u.email) = lower($email::text))`;
const anonymiseUserEntitlements = sql<IAnonymiseUserEntitlementsQuery>`
  UPDATE entitlements SET email = $replacement!, revoked_at = coalesce(revoked_at, now()), reason = coalesce(reason, 'Account deleted')
   WHERE user_id = $userId! OR lower(email) = lower($email!)`;

/** entitlements: lifetime access, one row per payment (or admin grant); revoked, never deleted. Keeps users.plan in line. */
@Injectable()
export class EntitlementsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async hasActive(userId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await typedRows(manager, hasActiveEntitlement, { userId });
    return rows.length > 0;
  }

  /** When the user's current access began: the earliest active entitlement (its purchase or grant); undefined without access. */
  async accessSince(userId: string, manager: EntityManager = this.dataSource.manager): Promise<Date | undefined> {
    const row = await typedOne(manager, accessSince, { userId });
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
    return typedRows(manager, learnersWithAccessBeganIn, { after, upTo, afterUserId: page.afterUserId, limit: page.limit });
  }

  /** Whether lifetime access is active for this email (bought with it, or held by the account that has it). */
  async emailHasActive(email: string): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, emailHasActiveEntitlement, { email });
    return rows.length > 0;
  }

  /** One per payment: false when this payment's entitlement exists already. Attached to the account with that email, if any. */
  async insertForPayment(manager: EntityManager, paymentId: string, email: string): Promise<boolean> {
    const rows = await typedRows(manager, insertEntitlementForPayment, { email, paymentId });
    return rows.length > 0;
  }

  /** The holder of the revoked entitlement, or undefined when there was none active. */
  revokeForPayment(manager: EntityManager, paymentId: string, reason: string): Promise<{ user_id: string | null; email: string } | undefined> {
    return typedOne(manager, revokeEntitlementForPayment, { paymentId, reason });
  }

  async revokeAllOfUser(manager: EntityManager, userId: string, reason: string): Promise<void> {
    await typedExecute(manager, revokeAllEntitlementsOfUser, { userId, reason });
  }

  async insertAdminGrant(manager: EntityManager, userId: string, email: string): Promise<void> {
    await typedExecute(manager, insertAdminGrant, { userId, email });
  }

  async attachToUser(manager: EntityManager, userId: string, email: string): Promise<void> {
    await typedExecute(manager, attachEntitlementsToUser, { userId, email });
  }

  /** users.plan follows access: lifetime while an entitlement is active, free once none is. */
  async syncPlan(manager: EntityManager, who: { userId?: string; email?: string }): Promise<void> {
    await typedExecute(manager, syncPlan, { userId: who.userId ?? null, email: who.email ?? null });
  }

  /** A deleted account's entitlements end, and no longer carry its email. */
  async anonymiseUser(manager: EntityManager, userId: string, email: string, replacement: string): Promise<void> {
    await typedExecute(manager, anonymiseUserEntitlements, { userId, email, replacement });
  }
}
