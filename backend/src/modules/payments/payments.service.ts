import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { appConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { ProgressService } from '../courses/progress.service';
import { CURRENCIES, offeredCurrencies, PRICE, providerCodeFor, type CurrencyOption } from './catalogue';
import { decimalEquals } from './decimal';
import type { CreatePaymentDto } from './dto/payment.dto';
import { SELECT_BOTH } from './dto/payment.dto';
import type { PaymentState } from './payment-state';
import { PaymentProviders } from './providers/payment-providers';
import { ProviderUnavailableError } from './providers/payment-provider';

export interface PaymentRow {
  id: string;
  email: string;
  amount: string;
  currency: string;
  currency_code: string;
  network: string;
  pay_currency: string;
  provider: string;
  provider_ref: string | null;
  provider_payment_id: string | null;
  provider_status: string | null;
  state: PaymentState;
  checkout_url: string | null;
  client_id: string | null;
  claimed_by_user_id: string | null;
  claimed_at: Date | null;
  paid_at: Date | null;
  refunded_at: Date | null;
  refund_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export const REFUND_WINDOW_DAYS = 30;
export const REFUND_MAX_ACCESSED_PERCENT = 20;

const SORT: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at', email: 'lower(email)', state: 'state', amount: 'amount', paidAt: 'paid_at' };
export const PAYMENT_SORT_FIELDS = Object.keys(SORT);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

@Injectable()
export class PaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly providers: PaymentProviders,
    private readonly progress: ProgressService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async offered(): Promise<CurrencyOption[]> {
    return offeredCurrencies(await this.providers.active.enabledCurrencies());
  }

  /**
   * Creates the provider checkout first (with our payment id as its order
   * id), then the payment row and its event in one transaction: a provider
   * failure leaves nothing behind.
   */
  async create(input: CreatePaymentDto): Promise<{ success: true; paymentUrl: string; paymentId: string }> {
    if (!decimalEquals(input.amount, PRICE.amount)) throw ApiError.field('amount', `The price is ${PRICE.amount} ${PRICE.currency}`);
    const payCurrency = providerCodeFor(input.currency, input.blockchain);
    if (!payCurrency) throw ApiError.field('blockchain', SELECT_BOTH);
    const enabled = await this.providers.active.enabledCurrencies();
    if (enabled && !enabled.has(payCurrency)) throw ApiError.field('currency', 'This cryptocurrency is not available right now. Please choose another one.');
    const currencyCode = input.currency.trim().toUpperCase();
    const network = CURRENCIES.find((c) => c.code === currencyCode)!.networks.find((n) => n.providerCode === payCurrency)!.name;
    const email = input.email.trim().toLowerCase();
    const id = randomUUID();

    let invoice;
    try {
      invoice = await this.providers.active.createInvoice({
        paymentId: id,
        amount: PRICE.amount,
        currency: PRICE.currency,
        payCurrency,
        email,
        description: 'Lifetime access',
        ipnCallbackUrl: `${this.app.publicUrl}/api/payments/webhook/${this.providers.active.name}`,
        successUrl: `${this.app.publicUrl}/thank-you?paymentId=${id}`,
        cancelUrl: `${this.app.publicUrl}/payment?cancelled=1&paymentId=${id}`,
      });
    } catch (err) {
      if (err instanceof ProviderUnavailableError) throw new ApiError(502, 'The payment provider is unavailable. Please try again.', { code: 'PROVIDER_UNAVAILABLE' });
      throw err;
    }

    await this.tx.run(async (tx) => {
      await tx.manager.query(
        `INSERT INTO payments (id, email, amount, currency, currency_code, network, pay_currency, provider, provider_ref, state, checkout_url, client_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'AWAITING_PAYMENT', $10, $11)`,
        [id, email, PRICE.amount, PRICE.currency, currencyCode, network, payCurrency, this.providers.active.name, invoice.providerRef, invoice.checkoutUrl, input.clientId ?? null],
      );
      await tx.manager.query(
        `INSERT INTO payment_state_history (payment_id, from_state, to_state, reason) VALUES ($1, NULL, 'CREATED', 'checkout requested'), ($1, 'CREATED', 'AWAITING_PAYMENT', 'provider checkout created')`,
        [id],
      );
      await tx.emit('payment.created', { type: 'payment', id }, { paymentId: id, email, amount: PRICE.amount, currency: PRICE.currency, payCurrency, provider: this.providers.active.name });
    });
    return { success: true, paymentUrl: invoice.checkoutUrl, paymentId: id };
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<PaymentRow | null> {
    const rows: PaymentRow[] = await manager.query('SELECT * FROM payments WHERE id = $1', [id]);
    return rows[0] ?? null;
  }

  async publicStatus(id: string): Promise<Record<string, unknown>> {
    const p = await this.find(id);
    if (!p) throw ApiError.notFound('Payment not found');
    return { paymentId: p.id, state: p.state, email: p.email, amount: p.amount, currency: p.currency, payCurrency: p.pay_currency, currencyCode: p.currency_code, network: p.network, claimed: p.claimed_by_user_id !== null };
  }

  /**
   * Account creation's check, in the caller's transaction: the payment must
   * be PAID, unclaimed and bought with this email. Locks the row.
   */
  async lockClaimable(manager: EntityManager, paymentId: string, email: string): Promise<PaymentRow> {
    const rows: PaymentRow[] = await manager.query('SELECT * FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
    const payment = rows[0];
    if (!payment) throw ApiError.badRequest('Payment not found');
    if (payment.claimed_by_user_id) throw ApiError.badRequest('This payment has already been used to create an account');
    if (payment.state !== 'PAID') {
      throw ApiError.badRequest(['AWAITING_PAYMENT', 'CONFIRMING', 'CREATED'].includes(payment.state) ? 'Payment is not confirmed yet' : 'This payment was not completed, so no account can be created with it');
    }
    if (payment.email.toLowerCase() !== email.trim().toLowerCase()) throw ApiError.field('email', 'The email does not match the payment');
    return payment;
  }

  async markClaimed(manager: EntityManager, paymentId: string, userId: string): Promise<void> {
    await manager.query('UPDATE payments SET claimed_by_user_id = $2, claimed_at = now(), updated_at = now() WHERE id = $1', [paymentId, userId]);
  }

  /** Payments waiting on the provider for longer than `minutes`, oldest first. */
  async stuckIds(minutes: number, limit = 100): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payments WHERE state IN ('AWAITING_PAYMENT', 'CONFIRMING') AND updated_at < now() - make_interval(mins => $1) ORDER BY updated_at LIMIT $2`,
      [minutes, limit],
    );
    return rows.map((r) => r.id);
  }

  async list(query: ListQuery): Promise<{ rows: PaymentRow[]; total: number }> {
    const f = query.filter;
    const where = new WhereBuilder()
      .when(query.ids, 'id = ANY(?::uuid[])', query.ids)
      .when(f.q, 'email ILIKE ?', f.q && likePattern(f.q as string))
      .when(f.email, 'lower(email) = lower(?)', f.email)
      .when(f.state, 'state = ?', f.state)
      .when(f.provider, 'provider = ?', f.provider)
      .when(f.from, 'created_at >= ?', f.from)
      .when(f.to, 'created_at <= ?', f.to);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM payments ${where.sql}`, where.params);
    const rows: PaymentRow[] = await this.dataSource.query(
      `SELECT * FROM payments ${where.sql} ORDER BY ${SORT[query.sort.field]} ${query.sort.order} NULLS LAST, id OFFSET ${query.skip} LIMIT ${query.take}`,
      where.params,
    );
    return { rows, total };
  }

  async adminView(p: PaymentRow): Promise<Record<string, unknown>> {
    return {
      id: p.id,
      email: p.email,
      state: p.state,
      provider: p.provider,
      providerRef: p.provider_ref,
      providerPaymentId: p.provider_payment_id,
      providerStatus: p.provider_status,
      amount: p.amount,
      currency: p.currency,
      currencyCode: p.currency_code,
      network: p.network,
      payCurrency: p.pay_currency,
      checkoutUrl: p.checkout_url,
      claimedByUserId: p.claimed_by_user_id,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
      paidAt: iso(p.paid_at),
      refundedAt: iso(p.refunded_at),
      refundReason: p.refund_reason,
      refundEligibility: await this.refundEligibility(p),
    };
  }

  /** The refund policy: within 30 days of payment and at most 20% of the lessons accessed. */
  async refundEligibility(p: PaymentRow): Promise<{ eligible: boolean; reasons: string[]; daysSincePayment: number | null; percentAccessed: number }> {
    const reasons: string[] = [];
    const daysSincePayment = p.paid_at ? Math.floor((Date.now() - new Date(p.paid_at).getTime()) / 86_400_000) : null;
    const percentAccessed = p.claimed_by_user_id ? await this.progress.accessedPercent(p.claimed_by_user_id) : 0;
    if (p.state !== 'PAID') reasons.push(`The payment is ${p.state}, not PAID`);
    if (daysSincePayment !== null && daysSincePayment > REFUND_WINDOW_DAYS) reasons.push(`Paid ${daysSincePayment} days ago (refunds within ${REFUND_WINDOW_DAYS} days)`);
    if (percentAccessed > REFUND_MAX_ACCESSED_PERCENT) reasons.push(`${percentAccessed}% of the lessons accessed (at most ${REFUND_MAX_ACCESSED_PERCENT}%)`);
    return { eligible: reasons.length === 0, reasons, daysSincePayment, percentAccessed };
  }

  async deliveries(paymentId: string): Promise<{ events: unknown[]; history: unknown[] }> {
    const events: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT id, provider_status, source, received_at, processed_at, outcome, payload FROM payment_events WHERE payment_id = $1 ORDER BY received_at, id`,
      [paymentId],
    );
    const history: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT from_state, to_state, reason, at FROM payment_state_history WHERE payment_id = $1 ORDER BY id`,
      [paymentId],
    );
    return {
      events: events.map((e) => ({ id: e.id, providerStatus: e.provider_status, source: e.source, signatureValid: true, receivedAt: e.received_at, processedAt: e.processed_at, outcome: e.outcome, payload: e.payload })),
      history: history.map((h) => ({ from: h.from_state, to: h.to_state, reason: h.reason, at: h.at })),
    };
  }
}
