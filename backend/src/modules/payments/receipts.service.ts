import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../events/transaction-runner';
import type { ReceiptFacts } from '../mail';
import { ianaZone, SettingsService } from '../settings';
import type { PaymentRow } from './payment.model';
import { documentLanguageFor } from '../../common/pdf/document-language';
import { creditNoteNumber, creditNotePdf, receiptNumber, receiptPdf, type Buyer, type InvoiceFacts, type Seller } from './receipt-pdf';
import { ReceiptsRepository } from './receipts.repository';

/** Numbered receipts: the number is issued once per paid payment; the PDF is drawn from the payment and Settings > General. */
@Injectable()
export class Receipts {
  constructor(
    private readonly receipts: ReceiptsRepository,
    private readonly settings: SettingsService,
    private readonly tx: TransactionRunner,
  ) {}

  /** The receipt's figures, issuing its number the first time. */
  async facts(payment: PaymentRow, manager?: EntityManager): Promise<ReceiptFacts> {
    const issued = manager ? await this.receipts.issue(manager, payment.id) : await this.tx.run((tx) => this.receipts.issue(tx.manager, payment.id));
    return {
      number: receiptNumber(issued.number),
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      payCurrency: payment.method === 'card' ? 'Card' : payment.method === 'paypal' ? 'PayPal' : payment.currency_code,
      network: payment.method === 'card' || payment.method === 'paypal' ? '' : payment.network,
      paidAt: new Date(payment.paid_at ?? issued.issued_at),
    };
  }

  async seller(): Promise<Seller> {
    const general = await this.settings.get('general');
    return {
      name: general.sellerName || general.siteName,
      address: general.sellerAddress,
      supportEmail: general.supportEmail || general.adminEmail,
      taxId: general.sellerTaxId,
      siteName: general.siteName,
      timeZone: ianaZone(general.timezone),
    };
  }

  /** The invoice's figures. */
  async invoiceFacts(payment: PaymentRow): Promise<InvoiceFacts> {
    const issued = await this.tx.run((tx) => this.receipts.issue(tx.manager, payment.id));
    const crypto = payment.method !== 'card' && payment.method !== 'paypal';
    return {
      number: receiptNumber(issued.number),
      issuedAt: new Date(issued.issued_at),
      paidAt: new Date(payment.paid_at ?? issued.issued_at),
      paymentId: payment.id,
      amount: payment.amount,
      listAmount: payment.list_amount,
      discountAmount: payment.discount_amount,
      couponCode: payment.coupon_code,
      currency: payment.currency,
      method: crypto ? `${payment.currency_code}${payment.network ? ` (${payment.network})` : ''}` : payment.method === 'card' ? 'Card' : 'PayPal',
      taxRate: payment.tax_rate,
    };
  }

  /** "Billed to": the email the documents are for, the payer's name and what the buyer added at checkout. */
  private buyer(payment: PaymentRow, email: string): Buyer {
    return {
      email,
      name: payment.payer_name,
      company: payment.buyer_company,
      address: payment.buyer_address,
      country: payment.buyer_country,
      vatId: payment.buyer_vat_id,
    };
  }

  /** The language of the payment's documents: see documentLanguageFor. */
  async language(payment: PaymentRow) {
    const general = await this.settings.get('general');
    return documentLanguageFor(payment as { language?: string | null }, general.language);
  }

  /** The invoice PDF (formerly the receipt), in the customer's language. */
  async pdf(payment: PaymentRow, buyerEmail = payment.email): Promise<{ filename: string; content: Buffer; facts: ReceiptFacts }> {
    const [facts, invoice, seller, language] = await Promise.all([this.facts(payment), this.invoiceFacts(payment), this.seller(), this.language(payment)]);
    const content = await receiptPdf(seller, this.buyer(payment, buyerEmail), invoice, language);
    return { filename: `invoice-${facts.number}.pdf`, content, facts };
  }

  /** The credit note PDF of a refunded payment; undefined when it has none. */
  async creditNote(payment: PaymentRow, buyerEmail = payment.email): Promise<{ filename: string; content: Buffer; number: string } | undefined> {
    const note = await this.receipts.findCreditNote(payment.id);
    if (!note) return undefined;
    const [invoice, seller, language] = await Promise.all([this.invoiceFacts(payment), this.seller(), this.language(payment)]);
    const number = creditNoteNumber(note.number);
    const content = await creditNotePdf(
      seller,
      this.buyer(payment, buyerEmail),
      invoice,
      { number, issuedAt: new Date(note.issued_at), reason: payment.refund_reason },
      language,
    );
    return { filename: `credit-note-${number}.pdf`, content, number };
  }
}
