import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../events/transaction-runner';
import type { ReceiptFacts } from '../mail';
import { ianaZone, SettingsService } from '../settings';
import type { PaymentRow } from './payment.model';
import { receiptNumber, receiptPdf, type Seller } from './receipt-pdf';
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
      siteName: general.siteName,
      timeZone: ianaZone(general.timezone),
    };
  }

  async pdf(payment: PaymentRow, buyerEmail = payment.email): Promise<{ filename: string; content: Buffer; facts: ReceiptFacts }> {
    const facts = await this.facts(payment);
    return { filename: `receipt-${facts.number}.pdf`, content: receiptPdf(await this.seller(), buyerEmail, facts), facts };
  }
}
