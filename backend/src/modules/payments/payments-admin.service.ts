import { Injectable } from '@nestjs/common';
import type { Page, PagedListQuery } from '../../common/http/list-paging';
import type { PaymentRow } from './payment.model';
import { PaymentEventsRepository } from './payment-events.repository';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentsRepository, type PaymentFilter } from './payments.repository';
import { creditNoteNumber, receiptNumber } from './receipt-pdf';
import { ReceiptsRepository } from './receipts.repository';
import { Receipts } from './receipts.service';
import { RefundRequestsRepository, type RefundRequestRow } from './refund-requests.repository';
import type { RefundEligibility } from './refund-policy';
import { Refunds } from './refunds.service';
import { splitInclusiveTax } from './tax';
import type { AdminPaymentDetail, AdminPaymentView } from './dto/admin-payment.dto';

export type { AdminPaymentDetail, AdminPaymentView };

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** The tax rate ("19.00" → "19") and the tax included in the payment's amount; nulls when no tax was charged. */
function taxOf(p: PaymentRow): [rate: string | null, amount: string | null] {
  if (p.tax_rate === null) return [null, null];
  const split = splitInclusiveTax(p.amount, p.tax_rate);
  return [split.rate, split.tax];
}

/** The admin console's payments: the grid, one payment with its deliveries and state history, and the refund policy on each. */
@Injectable()
export class PaymentsAdmin {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly events: PaymentEventsRepository,
    private readonly refunds: Refunds,
    private readonly requests: RefundRequestsRepository,
    private readonly documents: ReceiptsRepository,
    private readonly receipts: Receipts,
  ) {}

  async list(query: PagedListQuery): Promise<Page<AdminPaymentView>> {
    const page = await this.payments.list(query.filter as PaymentFilter, query.ids as string[] | undefined, query);
    return { ...page, rows: await this.views(page.rows) };
  }

  /** Every payment of the filter, in the sort order, batch by batch, as CSV cells (the export). */
  async *exportBatches(query: PagedListQuery): AsyncGenerator<unknown[][]> {
    for await (const rows of this.payments.stream(query.filter as PaymentFilter, query.sort)) {
      const numbers = await this.documents.numbersOf(rows.map((p) => p.id));
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
        p.coupon_code,
        p.list_amount ?? p.amount,
        p.discount_amount,
        numbers.get(p.id)?.invoice ? receiptNumber(numbers.get(p.id)!.invoice!) : null,
        numbers.get(p.id)?.creditNote ? creditNoteNumber(numbers.get(p.id)!.creditNote!) : null,
        p.buyer_country,
        p.buyer_company,
        p.buyer_vat_id,
        ...taxOf(p),
      ]);
    }
  }

  async detail(id: string): Promise<AdminPaymentDetail> {
    const payment = await this.payments.find(id);
    if (!payment) throw PaymentsError.missing();
    const [[view], events, history] = await Promise.all([this.views([payment]), this.events.ofPayment(id), this.payments.history(id)]);
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

  /** The invoice PDF of a paid (or since refunded) payment, as its buyer gets it. */
  async invoice(id: string): Promise<{ filename: string; content: Buffer }> {
    const payment = await this.payments.find(id);
    if (!payment) throw PaymentsError.missing();
    if (payment.state !== 'PAID' && payment.state !== 'REFUNDED') throw new PaymentsError(PaymentsErrorCode.NotFound, 'This payment has no receipt');
    return this.receipts.pdf(payment);
  }

  /** The credit note PDF of a refunded payment. */
  async creditNote(id: string): Promise<{ filename: string; content: Buffer }> {
    const payment = await this.payments.find(id);
    if (!payment) throw PaymentsError.missing();
    const note = payment.state === 'REFUNDED' ? await this.receipts.creditNote(payment) : undefined;
    if (!note) throw new PaymentsError(PaymentsErrorCode.NotFound, 'This payment has no credit note');
    return note;
  }

  /** The payments as the console shows them; their refund requests, document numbers and refund policy read once for all (a page is a few queries, not a few per row). */
  private async views(payments: PaymentRow[]): Promise<AdminPaymentView[]> {
    const ids = payments.map((p) => p.id);
    const [requests, numbers, eligibilities] = await Promise.all([
      this.requests.ofPayments(ids),
      this.documents.numbersOf(ids),
      this.refunds.eligibilities(payments),
    ]);
    return payments.map((p) => this.view(p, requests.get(p.id), numbers.get(p.id), eligibilities.get(p.id)!));
  }

  private view(
    p: PaymentRow,
    request: RefundRequestRow | undefined,
    numbers: { invoice: string | null; creditNote: string | null } | undefined,
    refundEligibility: RefundEligibility,
  ): AdminPaymentView {
    const [taxRate, taxAmount] = taxOf(p);
    const { invoice = null, creditNote = null } = numbers ?? {};
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
      method: p.method,
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
      refundEligibility,
      refundRequest: request
        ? {
            status: request.status,
            reason: request.reason,
            createdAt: iso(request.created_at)!,
            resolvedAt: iso(request.resolved_at),
            decisionReason: request.decision_reason,
          }
        : null,
      couponCode: p.coupon_code,
      listAmount: p.list_amount ?? p.amount,
      discountAmount: p.discount_amount,
      invoiceNumber: invoice ? receiptNumber(invoice) : null,
      creditNoteNumber: creditNote ? creditNoteNumber(creditNote) : null,
      buyerCountry: p.buyer_country,
      buyerCompany: p.buyer_company,
      buyerAddress: p.buyer_address,
      buyerVatId: p.buyer_vat_id,
      taxRate,
      taxAmount,
    };
  }
}
