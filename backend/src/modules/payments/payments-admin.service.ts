import { Injectable } from '@nestjs/common';
import type { Page, PagedListQuery } from '../../common/http/list-paging';
import type { PaymentRow } from './payment.model';
import { PaymentEventsRepository } from './payment-events.repository';
import { PaymentsError } from './payments.error';
import { PaymentsRepository, type PaymentFilter } from './payments.repository';
import { RefundRequestsRepository } from './refund-requests.repository';
import { Refunds } from './refunds.service';
import type { AdminPaymentDetail, AdminPaymentView } from './dto/admin-payment.dto';

export type { AdminPaymentDetail, AdminPaymentView };

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** The admin console's payments: the grid, one payment with its deliveries and state history, and the refund policy on each. */
@Injectable()
export class PaymentsAdmin {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly events: PaymentEventsRepository,
    private readonly refunds: Refunds,
    private readonly requests: RefundRequestsRepository,
  ) {}

  async list(query: PagedListQuery): Promise<Page<AdminPaymentView>> {
    const page = await this.payments.list(query.filter as PaymentFilter, query.ids as string[] | undefined, query);
    return { ...page, rows: await Promise.all(page.rows.map((r) => this.view(r))) };
  }

  /** Every payment of the filter, in the sort order, batch by batch, as CSV cells (the export). */
  async *exportBatches(query: PagedListQuery): AsyncGenerator<unknown[][]> {
    for await (const rows of this.payments.stream(query.filter as PaymentFilter, query.sort)) {
      yield rows.map((p) => [
        p.id,
        p.email,
        p.state,
        p.amount,
        p.currency,
        p.currency_code,
        p.network,
        p.provider,
        p.provider_ref,
        p.provider_payment_id,
        p.provider_status,
        iso(p.created_at),
        iso(p.paid_at),
        iso(p.refunded_at),
        p.refund_reason,
        p.claimed_by_user_id,
      ]);
    }
  }

  async detail(id: string): Promise<AdminPaymentDetail> {
    const payment = await this.payments.find(id);
    if (!payment) throw PaymentsError.missing();
    const [view, events, history] = await Promise.all([this.view(payment), this.events.ofPayment(id), this.payments.history(id)]);
    return {
      ...view,
      events: events.map((e) => ({
        id: e.id,
        providerStatus: e.provider_status,
        source: e.source,
        signatureValid: true,
        receivedAt: e.received_at,
        processedAt: e.processed_at,
        outcome: e.outcome,
        payload: e.payload,
      })),
      history: history.map((h) => ({ from: h.from_state, to: h.to_state, reason: h.reason, at: h.at })),
    };
  }

  private async view(p: PaymentRow): Promise<AdminPaymentView> {
    const request = await this.requests.ofPayment(p.id);
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
      refundEligibility: await this.refunds.eligibility(p),
      refundRequest: request
        ? { status: request.status, reason: request.reason, createdAt: iso(request.created_at)!, resolvedAt: iso(request.resolved_at) }
        : null,
    };
  }
}
