import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EntitlementsRepository } from './entitlements.repository';

/**
 * Who may study: a user with an active entitlement (admins always). Other
 * modules ask here and never read the entitlements table; payments grants
 * and revokes through it.
 */
@Injectable()
export class AccessService {
  constructor(private readonly entitlements: EntitlementsRepository) {}

  hasAccess(userId: string, manager?: EntityManager): Promise<boolean> {
    return this.entitlements.hasActive(userId, manager);
  }

  /** When the user's current access began (their purchase, or an admin's grant): lessons dripped "N days after purchase" count from here. Null without access. */
  async accessSince(userId: string, manager?: EntityManager): Promise<Date | null> {
    return (await this.entitlements.accessSince(userId, manager)) ?? null;
  }

  /**
   * Active learners whose access began after `after` (any time when null) and at the latest at `upTo`, with that moment:
   * a page of at most `page.limit`, in user id order after `page.afterUserId` (null: from the first).
   */
  async learnersWithAccessBeganIn(
    after: Date | null,
    upTo: Date,
    page: { afterUserId: string | null; limit: number },
    manager?: EntityManager,
  ): Promise<Array<{ userId: string; since: Date }>> {
    return (await this.entitlements.learnersWithAccessBeganIn(after, upTo, page, manager)).map((r) => ({ userId: r.user_id, since: new Date(r.since) }));
  }

  /** Whether someone with this email already has lifetime access (a repeat purchase is stopped before payment). */
  emailHasAccess(email: string): Promise<boolean> {
    return this.entitlements.emailHasActive(email);
  }

  /** Idempotent: one entitlement per payment, attached to the account with that email if it exists. */
  async grantForPayment(manager: EntityManager, payment: { paymentId: string; email: string }): Promise<boolean> {
    const granted = await this.entitlements.insertForPayment(manager, payment.paymentId, payment.email);
    if (granted) await this.entitlements.syncPlan(manager, { email: payment.email });
    return granted;
  }

  /** The user who lost access, if the payment had granted it to an account. */
  async revokeForPayment(manager: EntityManager, paymentId: string, reason: string): Promise<string | null> {
    const revoked = await this.entitlements.revokeForPayment(manager, paymentId, reason);
    if (!revoked) return null;
    // The account that held it, found by id: its email may have changed since the purchase.
    await this.entitlements.syncPlan(manager, { userId: revoked.user_id ?? undefined, email: revoked.email });
    return revoked.user_id;
  }

  /** A new account inherits the entitlements bought with its email. */
  async attachToUser(manager: EntityManager, userId: string, email: string): Promise<void> {
    await this.entitlements.attachToUser(manager, userId, email);
    await this.entitlements.syncPlan(manager, { userId });
  }

  /** An admin's plan choice: a paid plan grants access, free revokes every active entitlement. */
  async applyAdminPlan(manager: EntityManager, user: { id: string; email: string; plan: string }): Promise<void> {
    if (user.plan === 'free') {
      await this.entitlements.revokeAllOfUser(manager, user.id, 'Plan set to free by an admin');
      return;
    }
    if (!(await this.entitlements.hasActive(user.id, manager))) await this.entitlements.insertAdminGrant(manager, user.id, user.email);
  }

  /** The account's email changed: the entitlements it holds follow (those bought with the old email stay attached to it). */
  async moveEmail(manager: EntityManager, userId: string, email: string): Promise<void> {
    await this.entitlements.attachToUser(manager, userId, email);
    await this.entitlements.syncPlan(manager, { userId });
  }

  /** A deleted account: its entitlements end and drop its email. */
  async forgetUser(manager: EntityManager, userId: string, email: string, replacement: string): Promise<void> {
    await this.entitlements.anonymiseUser(manager, userId, email, replacement);
  }
}
