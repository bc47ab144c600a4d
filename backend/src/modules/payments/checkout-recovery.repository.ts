import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IInheritRemindersQuery,
  IIsUnsubscribedQuery,
  IMarkRecoveryReminderQuery,
  IOtherPurchaseOfEmailQuery,
  IRecoveryDueQuery,
  IReplaceClaimSecretQuery,
  IUnsubscribeQuery,
} from './checkout-recovery.repository.types';

/*
 * Typed against the schema by pgtyped (npm run db:types writes checkout-recovery.repository.types.ts).
 * A checkout is "abandoned" while CREATED, AWAITING_PAYMENT or EXPIRED (the invoice timed out); it is no longer
 * reminded once it or another checkout of the same address is paid (or being paid), once the buyer started a newer
 * checkout with that address (the buyer ended this one), or once the address unsubscribed.
 */
const recoveryDue = sql<IRecoveryDueQuery>`
  SELECT p.id, p.created_at FROM payments p
   WHERE p.state IN ('CREATED', 'AWAITING_PAYMENT', 'EXPIRED') AND p.recovery_reminders = $reminder!::int - 1
     AND p.created_at > now() - make_interval(mins => $windowMinutes!) AND (p.created_at, p.id) > ($after!::timestamptz, $afterId!::uuid)
     AND (CASE WHEN $reminder!::int = 1 THEN p.created_at < now() - make_interval(mins => $delayMinutes!)
               ELSE p.recovery_reminded_at < now() - make_interval(mins => $delayMinutes!) END)
   ORDER BY p.created_at, p.id LIMIT $limit!`;
const markRecoveryReminder = sql<IMarkRecoveryReminderQuery>`
  UPDATE payments p SET recovery_reminders = $reminder!::int, recovery_reminded_at = now()
   WHERE p.id = $id! AND p.recovery_reminders = $reminder!::int - 1 AND p.state IN ('CREATED', 'AWAITING_PAYMENT', 'EXPIRED')
     AND NOT EXISTS (SELECT 1 FROM recovery_unsubscribes u WHERE u.email = lower(p.email))
     AND NOT EXISTS (
       SELECT 1 FROM payments o
        WHERE lower(o.email) = lower(p.email) AND o.id <> p.id
          AND (o.state IN ('CONFIRMING', 'PAID', 'UNDERPAID', 'MANUAL_REVIEW', 'REFUNDED') OR o.created_at > p.created_at))
  RETURNING p.id, p.email, p.currency`;
const otherPurchaseOfEmail = sql<IOtherPurchaseOfEmailQuery>`
  SELECT EXISTS (
    SELECT 1 FROM payments o
     WHERE lower(o.email) = lower($email!) AND o.id <> $id! AND o.state IN ('CONFIRMING', 'PAID', 'UNDERPAID', 'MANUAL_REVIEW', 'REFUNDED')
  ) AS "found!"`;
const isUnsubscribed = sql<IIsUnsubscribedQuery>`SELECT EXISTS (SELECT 1 FROM recovery_unsubscribes WHERE email = lower($email!)) AS "found!"`;
const unsubscribe = sql<IUnsubscribeQuery>`
  INSERT INTO recovery_unsubscribes (email) VALUES (lower($email!)) ON CONFLICT (email) DO NOTHING RETURNING email`;
const inheritReminders = sql<IInheritRemindersQuery>`
  UPDATE payments p SET recovered_from = o.id, recovery_reminders = o.recovery_reminders, recovery_reminded_at = o.recovery_reminded_at
    FROM payments o WHERE p.id = $id! AND o.id = $from!`;
const replaceClaimSecret = sql<IReplaceClaimSecretQuery>`UPDATE payments SET claim_secret_hash = $hash! WHERE id = $id!`;

/** payments and recovery_unsubscribes as abandoned-checkout recovery reads and stamps them. */
@Injectable()
export class CheckoutRecoveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Abandoned checkouts whose reminder `reminder` is due: the first
   * `delayMinutes` after the checkout, the second `delayMinutes` after the
   * first; only checkouts younger than `windowMinutes` (turning recovery on
   * does not mail every checkout ever abandoned). A page of them, in the
   * order they were started, after the checkout `after` (keyset: its start and id).
   */
  async due(
    reminder: 1 | 2,
    delayMinutes: number,
    windowMinutes: number,
    after: { created_at: Date; id: string },
    limit: number,
  ): Promise<Array<{ id: string; created_at: Date }>> {
    return typedRows(this.dataSource.manager, recoveryDue, { reminder, delayMinutes, windowMinutes, after: after.created_at, afterId: after.id, limit });
  }

  /**
   * Stamps reminder `reminder` as due, once, in the statement that checks the
   * checkout is still abandoned, the address did not unsubscribe and bought
   * nothing since: the checkout when this call stamped it, else undefined.
   */
  async markReminder(manager: EntityManager, id: string, reminder: 1 | 2): Promise<{ id: string; email: string; currency: string } | undefined> {
    return typedOne(manager, markRecoveryReminder, { id, reminder });
  }

  /** Whether another checkout of this address is paid or being paid. */
  async otherPurchase(id: string, email: string): Promise<boolean> {
    return (await typedOne(this.dataSource.manager, otherPurchaseOfEmail, { id, email }))!.found;
  }

  async isUnsubscribed(email: string): Promise<boolean> {
    return (await typedOne(this.dataSource.manager, isUnsubscribed, { email }))!.found;
  }

  /** Records the address as unsubscribed from recovery mail; true when it was not yet. */
  async unsubscribe(email: string): Promise<boolean> {
    return (await typedRows(this.dataSource.manager, unsubscribe, { email })).length > 0;
  }

  /** A checkout re-made from an abandoned one keeps its reminders (the series goes on, it does not restart). */
  async inheritReminders(manager: EntityManager, id: string, from: string): Promise<void> {
    await typedExecute(manager, inheritReminders, { id, from });
  }

  /** The resuming browser gets a new claim secret (the old browser's stops proving the purchase; the emailed claim link still does). */
  async replaceClaimSecret(manager: EntityManager, id: string, hash: Buffer): Promise<void> {
    await typedExecute(manager, replaceClaimSecret, { id, hash });
  }
}
