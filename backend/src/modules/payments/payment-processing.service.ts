import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { UUID } from '../../common/http/list-query';
import { paymentsConfig } from '../../config';
import type { EventEnvelope } from '../../events/event-catalogue';
import { OutboxRelay, type CommittedEvent } from '../../events/outbox-relay.service';
import { ProcessedEvents } from '../../events/processed-events.service';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { JobHandlers } from '../../queue/job-handlers';
import { AuditService } from '../audit/audit.service';
import { AccessService } from '../users/access.service';
import { canonicalJson } from './ipn-signature';
import { decide, type PaymentState, type ProviderReport } from './payment-state';
import { PaymentProviders } from './providers/payment-providers';
import { reportFromPayload } from './providers/payment-provider';
import { PaymentsService, type PaymentRow } from './payments.service';

const EXPIRE_UNPAID_AFTER_HOURS = 24;

/**
 * The money path after checkout: provider notifications are stored first
 * (so nothing paid is ever lost), then processed by the worker through the
 * one state-transition function; the reconciler and the admin's Reconcile
 * feed the provider's view through the same function.
 */
@Injectable()
export class PaymentProcessing implements OnModuleInit {
  private readonly logger = new Logger(PaymentProcessing.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly processed: ProcessedEvents,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentsService,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    private readonly handlers: JobHandlers,
    @Inject(paymentsConfig.KEY) private readonly config: ConfigType<typeof paymentsConfig>,
  ) {}

  onModuleInit(): void {
    this.handlers.consumer('process-ipn', (event) => this.processNotification(event as EventEnvelope<'payment.ipn_received'>));
    this.handlers.consumer('grant-access', (event) => this.grantAccess(event as EventEnvelope<'payment.confirmed'>));
    this.handlers.command('reconcile-payments', () => this.reconcileStale());
    this.handlers.command('reconcile-payment', ({ paymentId }) => this.reconcile(paymentId));
    this.handlers.schedule('reconcile-payments', { every: this.config.reconcileEverySeconds * 1000 }, {});
  }

  /**
   * Webhook intake: verify the signature over the raw bytes, store the
   * delivery once (unique dedupe key) and record the event that makes the
   * worker process it, in one transaction. A database failure surfaces as a
   * 5xx so the provider retries.
   */
  async receive(providerName: string, rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; duplicate: boolean }> {
    const provider = this.providers.byName(providerName);
    if (!provider) throw ApiError.notFound(`Unknown payment provider "${providerName}"`);
    if (!rawBody || rawBody.length === 0) throw ApiError.badRequest('Empty notification body');
    if (!(await provider.verifyIpn(rawBody, headers))) {
      this.logger.warn({ provider: providerName }, 'IPN with a missing or invalid signature refused');
      throw ApiError.unauthorized('Invalid notification signature');
    }
    let payload: Record<string, unknown>;
    let canonical: string;
    try {
      canonical = canonicalJson(rawBody);
      payload = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw ApiError.badRequest('The notification body is not valid JSON');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw ApiError.badRequest('The notification body must be a JSON object');
    // One statement (atomic on its own): no BEGIN/COMMIT round trips on the webhook's hot path.
    const stored = await this.store(this.dataSource.manager, providerName, 'webhook', rawBody.toString('utf8'), canonical, payload, true);
    if (stored.announced) this.relay.publishCommitted([stored.announced]);
    return { received: true, duplicate: stored.duplicate };
  }

  /**
   * Stores one provider report once (unique dedupe key), matched to its
   * payment, and with `announce` the `payment.ipn_received` outbox row that
   * makes the worker process it: lookup and both inserts in one statement.
   */
  private async store(
    manager: EntityManager,
    provider: string,
    source: 'webhook' | 'reconcile',
    raw: string,
    canonical: string,
    payload: Record<string, unknown>,
    announce: boolean,
  ): Promise<{ id: string; duplicate: boolean; announced?: CommittedEvent }> {
    const report = reportFromPayload(payload);
    const dedupeKey = `${provider}-${createHash('sha256').update(canonical).digest('hex')}`;
    const eventId = randomUUID();
    const inserted: Array<{ id: string; occurred_at: Date | null }> = await manager.query(
      `WITH matched AS (
         SELECT id FROM payments WHERE id = $1::uuid OR (provider = $2 AND provider_ref = $3) ORDER BY (id = $1::uuid) DESC LIMIT 1
       ), stored AS (
         INSERT INTO payment_events (payment_id, provider, source, dedupe_key, provider_status, raw_body, payload)
         VALUES ((SELECT id FROM matched), $2, $4, $5, $6, $7, $8) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id
       ), announced AS (
         INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at)
         SELECT $9::uuid, 'payment.ipn_received', 'payment-event', stored.id::text, jsonb_build_object('paymentEventId', stored.id::text, 'provider', $2::text), clock_timestamp()
           FROM stored WHERE $10::boolean
         RETURNING occurred_at
       )
       SELECT stored.id, (SELECT occurred_at FROM announced) AS occurred_at FROM stored`,
      [
        report.orderId && UUID.test(report.orderId) ? report.orderId : null,
        provider,
        payload.invoice_id === undefined ? null : String(payload.invoice_id),
        source,
        dedupeKey,
        report.status || null,
        raw,
        JSON.stringify(payload),
        eventId,
        announce,
      ],
    );
    if (inserted.length === 0) {
      const [existing] = await manager.query('SELECT id FROM payment_events WHERE dedupe_key = $1', [dedupeKey]);
      return { id: existing.id, duplicate: true };
    }
    const id = inserted[0].id;
    if (!announce || !inserted[0].occurred_at) return { id, duplicate: false };
    const announced: CommittedEvent = {
      id: eventId,
      type: 'payment.ipn_received',
      aggregateType: 'payment-event',
      aggregateId: id,
      payload: { paymentEventId: id, provider },
      occurredAt: new Date(inserted[0].occurred_at),
    };
    return { id, duplicate: false, announced };
  }

  private async processNotification(event: EventEnvelope<'payment.ipn_received'>): Promise<void> {
    await this.processed.once('process-ipn', event, (tx) => this.apply(tx, event.payload.paymentEventId));
  }

  /** Applies one stored provider report to its payment, with the payment row locked. */
  private async apply(tx: Tx, paymentEventId: string): Promise<string> {
    // The delivery and its payment, both locked, in one round trip; a delivery matched to no payment takes the second query.
    const joined: Array<PaymentRow & { ev_processed_at: Date | null; ev_payload: Record<string, unknown> }> = await tx.manager.query(
      `SELECT pe.processed_at AS ev_processed_at, pe.payload AS ev_payload, p.*
         FROM payment_events pe JOIN payments p ON p.id = pe.payment_id
        WHERE pe.id = $1
          FOR UPDATE OF pe, p`,
      [paymentEventId],
    );
    let ev: { processed_at: Date | null; payload: Record<string, unknown> } | undefined;
    let payment: PaymentRow | undefined;
    if (joined.length > 0) {
      const { ev_processed_at, ev_payload, ...row } = joined[0];
      ev = { processed_at: ev_processed_at, payload: ev_payload };
      payment = row;
    } else {
      [ev] = await tx.manager.query('SELECT processed_at, payload FROM payment_events WHERE id = $1 FOR UPDATE', [paymentEventId]);
    }
    if (!ev || ev.processed_at) return 'already processed';
    const report = reportFromPayload(ev.payload);
    let outcome: string;
    if (!payment) {
      outcome = `no payment matches order ${report.orderId ?? '(none)'}`;
    } else {
      const decision = decide(payment.state, report, { id: payment.id, amount: payment.amount, currency: payment.currency, payCurrency: payment.pay_currency });
      outcome = decision.reason;
      if (decision.next) await this.transition(tx, payment, decision.next, decision.reason, report);
      else await tx.manager.query('UPDATE payments SET provider_payment_id = COALESCE(provider_payment_id, $2) WHERE id = $1', [payment.id, report.providerPaymentId]);
    }
    await tx.manager.query('UPDATE payment_events SET processed_at = now(), outcome = $2 WHERE id = $1', [paymentEventId, outcome]);
    return outcome;
  }

  private async transition(tx: Tx, payment: PaymentRow, next: PaymentState, reason: string, report: ProviderReport | null, extra: { refundReason?: string } = {}): Promise<void> {
    await tx.manager.query(
      `WITH changed AS (
         UPDATE payments SET state = $2::text, provider_status = COALESCE($3, provider_status), provider_payment_id = COALESCE(provider_payment_id, $4),
                paid_at = CASE WHEN $2::text = 'PAID' THEN now() ELSE paid_at END,
                refunded_at = CASE WHEN $2::text = 'REFUNDED' THEN now() ELSE refunded_at END,
                refund_reason = COALESCE($5, refund_reason), updated_at = now()
          WHERE id = $1
         RETURNING id
       )
       INSERT INTO payment_state_history (payment_id, from_state, to_state, reason) SELECT id, $6, $2::text, $7 FROM changed`,
      [payment.id, next, report?.status ?? null, report?.providerPaymentId ?? null, extra.refundReason ?? null, payment.state, reason],
    );
    const aggregate = { type: 'payment', id: payment.id };
    if (next === 'PAID') {
      await tx.emit('payment.confirmed', aggregate, { paymentId: payment.id, email: payment.email, amount: payment.amount, currency: payment.currency, provider: payment.provider });
    } else if (next === 'REFUNDED') {
      const userId = await this.access.revokeForPayment(tx.manager, payment.id, extra.refundReason ?? reason);
      await tx.emit('payment.refunded', aggregate, { paymentId: payment.id, email: payment.email, amount: payment.amount, currency: payment.currency, reason: extra.refundReason ?? reason, userId });
    } else if (['UNDERPAID', 'EXPIRED', 'FAILED', 'MANUAL_REVIEW'].includes(next)) {
      await tx.emit('payment.failed', aggregate, { paymentId: payment.id, email: payment.email, state: next });
    }
  }

  /** payment.confirmed → lifetime entitlement, once per payment, only while the payment is still PAID. */
  private async grantAccess(event: EventEnvelope<'payment.confirmed'>): Promise<void> {
    await this.processed.once('grant-access', event, async (tx) => {
      const [payment] = await tx.manager.query('SELECT state, email FROM payments WHERE id = $1 FOR SHARE', [event.payload.paymentId]);
      if (payment?.state !== 'PAID') return;
      await this.access.grantForPayment(tx.manager, { paymentId: event.payload.paymentId, email: payment.email });
    });
  }

  /** Asks the provider about one payment and applies what it says; long-unpaid checkouts expire. */
  async reconcile(paymentId: string, actor?: AuthUser): Promise<PaymentRow> {
    const payment = await this.payments.find(paymentId);
    if (!payment) throw ApiError.notFound('Payment not found');
    const provider = this.providers.byName(payment.provider);
    if (!provider) throw ApiError.conflict(`Payments of provider "${payment.provider}" cannot be reconciled while PAYMENTS_PROVIDER is ${this.providers.active.name}`);
    let status;
    try {
      status = await provider.fetchStatus({ id: payment.id, providerRef: payment.provider_ref, providerPaymentId: payment.provider_payment_id });
    } catch (err) {
      throw new ApiError(502, `The payment provider could not be reached: ${(err as Error).message}`);
    }
    await this.tx.run(async (tx) => {
      if (status) {
        const payload = JSON.parse(status.raw) as Record<string, unknown>;
        const { id } = await this.store(tx.manager, payment.provider, 'reconcile', status.raw, canonicalJson(status.raw), payload, false);
        await this.apply(tx, id);
      } else {
        const [stale] = await tx.manager.query(
          `SELECT * FROM payments WHERE id = $1 AND state = 'AWAITING_PAYMENT' AND created_at < now() - make_interval(hours => $2) FOR UPDATE`,
          [payment.id, EXPIRE_UNPAID_AFTER_HOURS],
        );
        if (stale) await this.transition(tx, stale, 'EXPIRED', `no payment received within ${EXPIRE_UNPAID_AFTER_HOURS} hours`, null);
      }
      if (actor) await this.audit.record(tx.manager, { actor, action: 'reconcile', resource: 'payments', resourceId: payment.id, summary: `Reconciled payment ${payment.id} (${payment.email})` });
    });
    return (await this.payments.find(paymentId))!;
  }

  /** The scheduler's pass: payments stuck in AWAITING_PAYMENT or CONFIRMING longer than the configured age. */
  async reconcileStale(): Promise<number> {
    const stuck = await this.payments.stuckIds(this.config.reconcileAfterMinutes);
    for (const id of stuck) {
      await this.reconcile(id).catch((err: Error) => this.logger.warn({ paymentId: id, err: err.message }, 'Reconciliation failed'));
    }
    return stuck.length;
  }

  /** Admin refund: PAID → REFUNDED with a reason; access is revoked in the same transaction. */
  async refund(paymentId: string, reason: string, actor: AuthUser): Promise<PaymentRow> {
    await this.tx.run(async (tx) => {
      const rows: PaymentRow[] = await tx.manager.query('SELECT * FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
      const payment = rows[0];
      if (!payment) throw ApiError.notFound('Payment not found');
      if (payment.state !== 'PAID') throw ApiError.badRequest(`Only a paid payment can be refunded; this one is ${payment.state}`);
      await this.transition(tx, payment, 'REFUNDED', `refunded by ${actor.email}: ${reason}`, null, { refundReason: reason });
      await this.audit.record(tx.manager, {
        actor,
        action: 'refund',
        resource: 'payments',
        resourceId: paymentId,
        summary: `Refunded payment of ${payment.email}: ${reason}`,
        before: { state: payment.state },
        after: { state: 'REFUNDED', reason },
      });
    });
    return (await this.payments.find(paymentId))!;
  }
}
