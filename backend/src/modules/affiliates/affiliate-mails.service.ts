import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '../../events/event-catalogue';
import { ProcessedEvents, type Consumed } from '../../events/processed-events.service';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { affiliatePayoutMail, commissionApprovedMail, MailBrandService, MailService, type MailBrand } from '../mail';
import { CustomerLanguage } from '../users';
import { AffiliateMailsRepository } from './affiliate-mails.repository';
import { AffiliatesRepository } from './affiliates.repository';
import { SEND_AFFILIATE_PAYOUT_MAIL } from './jobs/consumers';

/** How often the worker looks for commissions whose hold passed. */
const SWEEP_EVERY_MS = 5 * 60_000;
/** Commissions claimed (and told) per transaction. */
const BATCH = 100;

/**
 * The affiliate's mails about their money, in the language of the
 * affiliate's account (the site's when the affiliate has none), to the email
 * the programme knows them by:
 *
 * - a commission that passed its hold ("approved": pending, payable_at past,
 *   not reversed, in no payout) is told once. A scheduled sweep claims the
 *   newly approved lines (FOR UPDATE SKIP LOCKED) and, in the transaction
 *   that stamps approved_notified_at, writes `commission.approved` and owes
 *   the mail (dedupe key per commission): however many workers sweep, each
 *   line is told once, and a line reversed or paid first is never told.
 * - a payout: `affiliate.paid` (one event per affiliate in a batch) owes the
 *   payout mail in the transaction that records the event as processed, with
 *   a dedupe key per batch and affiliate, so a redelivery sends nothing.
 */
@Injectable()
export class AffiliateMails implements OnModuleInit {
  constructor(
    private readonly repository: AffiliateMailsRepository,
    private readonly affiliates: AffiliatesRepository,
    private readonly tx: TransactionRunner,
    private readonly processed: ProcessedEvents,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    private readonly languages: CustomerLanguage,
    private readonly handlers: JobHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('notify-approved-commissions', { every: SWEEP_EVERY_MS }, {});
  }

  @HandlesCommand('notify-approved-commissions')
  async notifyApproved(): Promise<{ notified: number }> {
    let notified = 0;
    for (;;) {
      const claimed = await this.tx.run(async (tx) => {
        const lines = await this.repository.claimNewlyApproved(tx.manager, BATCH);
        for (const line of lines) {
          await tx.emit(
            'commission.approved',
            { type: 'affiliate', id: line.affiliate_id },
            {
              commissionId: line.id,
              affiliateId: line.affiliate_id,
              paymentId: line.payment_id,
              amount: line.amount,
              currency: line.currency,
              payableAt: line.payable_at.toISOString(),
            },
          );
          await this.mail.owe(tx, {
            ...commissionApprovedMail(await this.brandFor(line.user_id, tx.manager), line.email, line.name, {
              amount: line.amount,
              currency: line.currency,
              createdAt: line.created_at,
              payableAt: line.payable_at,
            }),
            dedupeKey: `affiliate-commission-approved-${line.id}`,
          });
        }
        return lines.length;
      });
      notified += claimed;
      // Fewer than a batch: none left, or the rest is locked by another sweep (which tells them).
      if (claimed < BATCH) return { notified };
    }
  }

  /** affiliate.paid (jobs/affiliate-mail.consumers.ts): the payout mail, once per batch and affiliate. */
  async mailPayout(event: EventEnvelope<'affiliate.paid'>): Promise<Consumed<{ sent: boolean }>> {
    const { payoutId, affiliateId, amount, currency, reference } = event.payload;
    const affiliate = await this.affiliates.find(affiliateId);
    if (!affiliate) return { sent: false };
    const brand = await this.brandFor(affiliate.user_id);
    const mail = affiliatePayoutMail(brand, affiliate.email, affiliate.name, {
      amount,
      currency,
      // The method the affiliate is paid with now, as the batch's CSV export lists it.
      method: affiliate.payout_method,
      reference,
      paidAt: new Date(event.occurredAt),
    });
    const outcome = await this.processed.once(SEND_AFFILIATE_PAYOUT_MAIL.name, event, (tx) =>
      this.mail.owe(tx, { ...mail, dedupeKey: `affiliate-payout-${payoutId}-${affiliateId}` }),
    );
    return { sent: outcome.applied, settled: outcome.settled };
  }

  /** The sender as the affiliate reads it: in their account's language, else the site's. */
  private async brandFor(userId: string | null, manager?: EntityManager): Promise<MailBrand> {
    return this.brands.brandFor(userId ? await this.languages.ofUser(userId, manager) : null);
  }
}
