import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EXACT_COUNT_LIMIT, type KeysetCursor, type Page, type SortKey } from '../../common/http/list-paging';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { listPage, listWithTotal, streamList, type ListSource } from '../../database/list-page.repository';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { NewPayment, PaymentRow, StateHistoryRow } from './payment.model';
import type {
  IClaimPaymentsForReconcileQuery,
  IInsertPaymentHistoryQuery,
  IInsertPaymentQuery,
  ILockPaymentIfStaleQuery,
  ILockPaymentQuery,
  IMarkPaymentClaimedQuery,
  INoteCryptoProgressQuery,
  INotePayerNameQuery,
  INoteProviderPaymentIdQuery,
  INoteRefundRefQuery,
  IPaymentByIdQuery,
  IPaymentHistoryQuery,
  IPaymentStateForGrantQuery,
  ITransitionPaymentQuery,
} from './payments.repository.types';
import type { PaymentState } from './payment-state';

/** Each sortable field and its (key, id) index (migration AdminScale1795601389754). */
export const PAYMENT_SORT_KEYS: Record<string, SortKey> = {
  createdAt: { expr: 'created_at', type: 'timestamptz' },
  updatedAt: { expr: 'updated_at', type: 'timestamptz' },
  email: { expr: 'lower(email)', type: 'text' },
  state: { expr: 'state', type: 'text' },
  amount: { expr: 'amount', type: 'numeric' },
  paidAt: { expr: 'paid_at', type: 'timestamptz', nullable: true },
};
export const PAYMENT_SORT_FIELDS = Object.keys(PAYMENT_SORT_KEYS);

/** A search text that is a whole email address: an equality on lower(email) (its index) instead of a fragment search. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PaymentFilter {
  q?: string;
  email?: string;
  state?: PaymentState;
  provider?: string;
  from?: Date;
  to?: Date;
}

export interface Transition {
  next: PaymentState;
  from: PaymentState;
  reason: string;
  providerStatus: string | null;
  providerPaymentId: string | null;
  refundReason: string | null;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes payments.repository.types.ts).
 * The grid's list is built at run time (filters, sort, keyset) and stays hand-typed.
 */
const insertPayment = sql<IInsertPaymentQuery>`
  INSERT INTO payments (id, email, method, amount, list_amount, discount_amount, coupon_code, currency, currency_code, network, pay_currency, provider,
                        provider_ref, provider_payment_id, state, checkout_url, client_id, claim_secret_hash, pay_address, pay_amount, pay_expires_at, language,
                        buyer_country, buyer_company, buyer_address, buyer_vat_id, tax_rate)
  VALUES ($id!, $email!, $method!, $amount!, $listAmount, $discountAmount!, $couponCode, $currency!, $currencyCode!, $network!, $payCurrency!, $provider!,
          $providerRef, $providerPaymentId, 'AWAITING_PAYMENT', $checkoutUrl, $clientId, $claimSecretHash, $payAddress, $payAmount, $payExpiresAt, $language,
          $buyerCountry, $buyerCompany, $buyerAddress, $buyerVatId, $taxRate)`;
const insertPaymentHistory = sql<IInsertPaymentHistoryQuery>`
  INSERT INTO payment_state_history (payment_id, from_state, to_state, reason)
  VALUES ($id!, NULL, 'CREATED', 'checkout requested'), ($id!, 'CREATED', 'AWAITING_PAYMENT', 'provider checkout created')`;
const paymentById = sql<IPaymentByIdQuery>`SELECT * FROM payments WHERE id = $id!`;
const lockPayment = sql<ILockPaymentQuery>`SELECT * FROM payments WHERE id = $id! FOR NO KEY UPDATE`;
const paymentStateForGrant = sql<IPaymentStateForGrantQuery>`
  SELECT state, email, (SELECT max(received_at) FROM payment_events WHERE payment_id = payments.id) AS last_notice_at
  FROM payments WHERE id = $id! FOR SHARE OF payments`;
const lockPaymentIfStale = sql<ILockPaymentIfStaleQuery>`
  SELECT * FROM payments WHERE id = $id! AND state = 'AWAITING_PAYMENT' AND created_at < now() - make_interval(hours => $hours!) FOR NO KEY UPDATE`;
const transitionPayment = sql<ITransitionPaymentQuery>`
  WITH changed AS (
    UPDATE payments SET state = $next!::text, provider_status = COALESCE($providerStatus, provider_status),
           provider_payment_id = COALESCE(provider_payment_id, $providerPaymentId),
           paid_at = CASE WHEN $next!::text = 'PAID' THEN now() ELSE paid_at END,
           refunded_at = CASE WHEN $next!::text = 'REFUNDED' THEN now() ELSE refunded_at END,
           refund_reason = COALESCE($refundReason, refund_reason), updated_at = now()
     WHERE id = $id!
    RETURNING id
  )
  INSERT INTO payment_state_history (payment_id, from_state, to_state, reason) SELECT id, $from!, $next!::text, $reason! FROM changed`;
const noteProviderPaymentId = sql<INoteProviderPaymentIdQuery>`UPDATE payments SET provider_payment_id = COALESCE(provider_payment_id, $providerPaymentId) WHERE id = $id!`;
const notePayerName = sql<INotePayerNameQuery>`UPDATE payments SET payer_name = COALESCE(payer_name, left($name!, 120)) WHERE id = $id!`;
const noteCryptoProgress = sql<INoteCryptoProgressQuery>`
  UPDATE payments SET amount_received = COALESCE($received, amount_received), pay_amount = COALESCE(pay_amount, $payAmount),
         pay_address = COALESCE(pay_address, $address)
   WHERE id = $id!`;
const noteRefundRef = sql<INoteRefundRefQuery>`UPDATE payments SET provider_refund_ref = $refundRef!, refund_reason = COALESCE(refund_reason, $reason) WHERE id = $id!`;
const markPaymentClaimed = sql<IMarkPaymentClaimedQuery>`
  UPDATE payments SET claimed_by_user_id = $userId!, claimed_at = now(), updated_at = now(),
         payer_name = COALESCE(payer_name, (SELECT left(name, 120) FROM users WHERE id = $userId!))
   WHERE id = $id!`;
const claimPaymentsForReconcile = sql<IClaimPaymentsForReconcileQuery>`
  WITH picked AS (
    SELECT id FROM payments
     WHERE state IN ('AWAITING_PAYMENT', 'CONFIRMING') AND updated_at < now() - make_interval(mins => $minutes!)
     ORDER BY reconcile_checked_at NULLS FIRST, created_at
     LIMIT $limit!
       FOR NO KEY UPDATE SKIP LOCKED
  )
  UPDATE payments p SET reconcile_checked_at = now() FROM picked WHERE p.id = picked.id RETURNING p.id`;
const paymentHistory = sql<IPaymentHistoryQuery>`SELECT from_state, to_state, reason, at FROM payment_state_history WHERE payment_id = $id! ORDER BY id`;

/** A payment row as generated (text columns) with the values the state machine and checkout allow. */
const asPayment = <T extends object>(row: T | undefined) => row as (Omit<T, 'state' | 'method'> & Pick<PaymentRow, 'state' | 'method'>) | undefined;

/** payments and payment_state_history: checkouts, their state, and every state change with its reason. */
@Injectable()
export class PaymentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new checkout and its first two history rows (CREATED, then AWAITING_PAYMENT once the provider made the checkout). */
  async insert(manager: EntityManager, p: NewPayment): Promise<void> {
    await typedExecute(manager, insertPayment, {
      id: p.id,
      email: p.email,
      method: p.method,
      amount: p.amount,
      listAmount: p.listAmount,
      discountAmount: p.discountAmount,
      couponCode: p.couponCode,
      currency: p.currency,
      currencyCode: p.currencyCode,
      network: p.network,
      payCurrency: p.payCurrency,
      provider: p.provider,
      providerRef: p.providerRef,
      providerPaymentId: p.providerPaymentId,
      checkoutUrl: p.checkoutUrl,
      clientId: p.clientId,
      claimSecretHash: p.claimSecretHash,
      payAddress: p.payAddress,
      payAmount: p.payAmount,
      payExpiresAt: p.payExpiresAt,
      language: p.language,
      buyerCountry: p.buyer.country,
      buyerCompany: p.buyer.company,
      buyerAddress: p.buyer.address,
      buyerVatId: p.buyer.vatId,
      taxRate: p.taxRate,
    });
    await typedExecute(manager, insertPaymentHistory, { id: p.id });
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<PaymentRow | undefined> {
    return asPayment(await typedOne(manager, paymentById, { id }));
  }

  /** The row locked against other state changes for the caller's transaction. */
  async lock(manager: EntityManager, id: string): Promise<PaymentRow | undefined> {
    return asPayment(await typedOne(manager, lockPayment, { id }));
  }

  /** State and email, share-locked so a refund cannot slip between the check and the grant; and when its latest provider notice arrived. */
  async stateForGrant(manager: EntityManager, id: string): Promise<{ state: PaymentState; email: string; last_notice_at: Date | null } | undefined> {
    return asPayment(await typedOne(manager, paymentStateForGrant, { id }));
  }

  /** The payment, locked, when it is still unpaid after `hours`. */
  async lockIfStale(manager: EntityManager, id: string, hours: number): Promise<PaymentRow | undefined> {
    return asPayment(await typedOne(manager, lockPaymentIfStale, { id, hours }));
  }

  /** The state change and its history row, in one statement. */
  async transition(manager: EntityManager, id: string, t: Transition): Promise<void> {
    await typedExecute(manager, transitionPayment, {
      id,
      next: t.next,
      providerStatus: t.providerStatus,
      providerPaymentId: t.providerPaymentId,
      refundReason: t.refundReason,
      from: t.from,
      reason: t.reason,
    });
  }

  async noteProviderPaymentId(manager: EntityManager, id: string, providerPaymentId: string | null): Promise<void> {
    await typedExecute(manager, noteProviderPaymentId, { id, providerPaymentId });
  }

  /** The payer's name the provider reported first (a name the buyer is offered for the account, never needed). */
  async notePayerName(manager: EntityManager, id: string, name: string): Promise<void> {
    await typedExecute(manager, notePayerName, { id, name: name.trim() });
  }

  /** What a crypto provider says arrived so far (and the address and amount it asked for, when we did not know them). */
  async noteCryptoProgress(
    manager: EntityManager,
    id: string,
    crypto: { payAmount: string | null; received: string | null; address: string | null },
  ): Promise<void> {
    await typedExecute(manager, noteCryptoProgress, { id, received: crypto.received, payAmount: crypto.payAmount, address: crypto.address });
  }

  /** The provider's id of the refund it made for this payment. */
  async noteRefundRef(manager: EntityManager, id: string, refundRef: string, reason?: string): Promise<void> {
    await typedExecute(manager, noteRefundRef, { id, refundRef, reason: reason ?? null });
  }

  /** The account that claimed the payment; a payment that came with no payer name (crypto) is billed to the name the buyer gave the account. */
  async markClaimed(manager: EntityManager, id: string, userId: string): Promise<void> {
    await typedExecute(manager, markPaymentClaimed, { id, userId });
  }

  /**
   * The reconciler's next batch: payments waiting on the provider for longer
   * than `minutes`, never checked or checked longest ago first, stamped as
   * checked in the same statement (the cursor advances even when nothing
   * changes, so abandoned checkouts cannot starve the rest).
   */
  async claimForReconcile(minutes: number, limit: number): Promise<string[]> {
    const rows = await typedRows(this.dataSource.manager, claimPaymentsForReconcile, { minutes, limit });
    return rows.map((r) => r.id);
  }

  /**
   * One page of the admin grid, with its total. Search (q): a whole email is
   * an equality on lower(email); other text is `email ILIKE '%text%'`
   * through the pg_trgm GIN index. Totals are counted up to
   * EXACT_COUNT_LIMIT and estimated by the planner beyond.
   */
  async list(
    filter: PaymentFilter,
    ids: string[] | undefined,
    page: { sort: { field: string; order: 'ASC' | 'DESC' }; skip: number; take: number; after?: KeysetCursor },
  ): Promise<Page<PaymentRow>> {
    const source = this.source(filter, ids);
    const request = {
      select: '*',
      sort: PAYMENT_SORT_KEYS[page.sort.field],
      order: page.sort.order,
      skip: page.skip,
      take: page.take,
      after: page.after,
    };
    if (ids) {
      const { rows, next } = await listPage<PaymentRow>(this.dataSource.manager, source, request);
      return { rows, next, total: rows.length, estimated: false };
    }
    return listWithTotal<PaymentRow>(this.dataSource.manager, source, request, {
      countLimit: EXACT_COUNT_LIMIT,
      rangeOffSortKey: Boolean(filter.from || filter.to) && page.sort.field !== 'createdAt',
    });
  }

  /** The filtered, sorted payments in batches through a cursor (the CSV export). */
  stream(filter: PaymentFilter, sort: { field: string; order: 'ASC' | 'DESC' }): AsyncGenerator<PaymentRow[]> {
    return streamList<PaymentRow>(this.dataSource, this.source(filter, undefined), '*', PAYMENT_SORT_KEYS[sort.field], sort.order);
  }

  private source(filter: PaymentFilter, ids: string[] | undefined): ListSource {
    const q = filter.q && !WHOLE_EMAIL.test(filter.q) ? likePattern(filter.q) : undefined;
    const exact = filter.q && !q ? filter.q : undefined;
    const where = new WhereBuilder()
      .when(ids, 'id = ANY(?::uuid[])', ids)
      .when(q, 'email ILIKE ?', q)
      .when(exact, 'lower(email) = lower(?)', exact)
      .when(filter.email, 'lower(email) = lower(?)', filter.email)
      .when(filter.state, 'state = ?', filter.state)
      .when(filter.provider, 'provider = ?', filter.provider)
      .when(filter.from, 'created_at >= ?', filter.from)
      .when(filter.to, 'created_at <= ?', filter.to);
    return { from: 'payments', where, id: { expr: 'id', type: 'uuid' } };
  }

  history(paymentId: string): Promise<StateHistoryRow[]> {
    return typedRows(this.dataSource.manager, paymentHistory, { id: paymentId });
  }
}

/** The channel the payments table's trigger notifies on commit (migration 1795770000000); PaymentChanges listens on it. */
export const PAYMENT_CHANGED_CHANNEL = 'payment_changed';

/** Subscribes a connection of its own to the payment change notices. */
export async function listenToPaymentChanges(client: { query(text: string): Promise<unknown> }): Promise<void> {
  await client.query(`LISTEN ${PAYMENT_CHANGED_CHANNEL}`);
}
