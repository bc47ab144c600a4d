import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ProcessedEvents, type Consumed } from '../../../events/processed-events.service';
import { SettingsService } from '../../settings';
import { AffiliatesRepository } from '../affiliates.repository';
import { commissionAmount, selfReferralReason } from '../commission';
import { CREATE_COMMISSION, REVERSE_COMMISSION } from './consumers';

const DAY_MS = 86_400_000;

/**
 * Money that moves because of a payment event, exactly once: each effect is
 * written in the transaction that records the event in processed_events,
 * and UNIQUE (payment_id, kind) holds even if two workers race past that.
 *
 * Self-referral (the buyer was signed in as the affiliate's account at
 * checkout, paid with the affiliate's mailbox, or with the address the
 * affiliate's payouts go to: selfReferralReason) is refused: the
 * commission line is stored with state 'refused' and its reason (so the
 * console and a redelivery see the decision), and a warning is logged.
 */
@Injectable()
export class CommissionConsumers {
  private readonly logger = new Logger(CommissionConsumers.name);

  constructor(
    private readonly repository: AffiliatesRepository,
    private readonly processed: ProcessedEvents,
    private readonly settings: SettingsService,
  ) {}

  @Consumes(CREATE_COMMISSION)
  async create(event: EventEnvelope<'payment.confirmed'>, job?: Job): Promise<Consumed<{ created: boolean }>> {
    const { paymentId, email, amount, currency } = event.payload;
    const config = await this.settings.get('affiliates');
    const outcome = await this.processed.once(CREATE_COMMISSION.name, event, async (tx) => {
      const attribution = await this.repository.attributionOf(tx.manager, paymentId);
      if (!attribution) return false;
      const selfReferral = selfReferralReason({
        buyerEmail: email,
        buyerUserId: attribution.buyer_user_id,
        affiliateEmail: attribution.affiliate_email,
        affiliateUserId: attribution.affiliate_user_id,
        payoutDetails: attribution.payout_details,
      });
      const inactive = attribution.status !== 'approved';
      const reason = selfReferral ?? (inactive ? `affiliate ${attribution.status}` : null);
      const type = (attribution.commission_type ?? config.commissionType) as 'percent' | 'fixed';
      const value =
        attribution.commission_value ??
        (type === 'percent' ? String(config.commissionPercent) : ((config as Record<string, unknown>)[`commissionFixed${currency}`]?.toString() ?? '0'));
      const line = await this.repository.insertCommission(tx.manager, {
        affiliateId: attribution.affiliate_id,
        paymentId,
        kind: 'commission',
        amount: commissionAmount(amount, type, value),
        currency,
        state: reason ? 'refused' : 'pending',
        payableAt: new Date(new Date(event.occurredAt).getTime() + config.holdDays * DAY_MS),
        reason,
      });
      if (!line) return false;
      if (reason) {
        this.logger.warn({ eventId: event.id, jobId: job?.id, paymentId, affiliateId: attribution.affiliate_id, reason }, 'Affiliate commission refused');
        return false;
      }
      await tx.emit(
        'commission.created',
        { type: 'affiliate', id: attribution.affiliate_id },
        { commissionId: line.id, affiliateId: line.affiliate_id, paymentId, amount: line.amount, currency, payableAt: line.payable_at.toISOString() },
      );
      return true;
    });
    return { created: outcome.applied && outcome.result, settled: outcome.settled };
  }

  @Consumes(REVERSE_COMMISSION)
  async reverse(event: EventEnvelope<'payment.refunded'>): Promise<Consumed<{ reversed: boolean }>> {
    const { paymentId, reason } = event.payload;
    const outcome = await this.processed.once(REVERSE_COMMISSION.name, event, async (tx) => {
      const line = await this.repository.lockCommission(tx.manager, paymentId, 'commission');
      if (!line || line.state === 'refused' || line.state === 'reversed') return false;
      const why = `refund: ${reason}`.slice(0, 500);
      if (line.state === 'paid') {
        const clawback = await this.repository.insertCommission(tx.manager, {
          affiliateId: line.affiliate_id,
          paymentId,
          kind: 'clawback',
          amount: `-${line.amount}`,
          currency: line.currency,
          state: 'approved',
          payableAt: new Date(),
          reason: why,
        });
        if (!clawback) return false;
        await tx.emit(
          'commission.reversed',
          { type: 'affiliate', id: line.affiliate_id },
          { commissionId: clawback.id, affiliateId: line.affiliate_id, paymentId, amount: clawback.amount, currency: line.currency, kind: 'clawback' },
        );
        return true;
      }
      if (!(await this.repository.reverse(tx.manager, line.id, why))) return false;
      await tx.emit(
        'commission.reversed',
        { type: 'affiliate', id: line.affiliate_id },
        { commissionId: line.id, affiliateId: line.affiliate_id, paymentId, amount: line.amount, currency: line.currency, kind: 'commission' },
      );
      return true;
    });
    return { reversed: outcome.applied && outcome.result, settled: outcome.settled };
  }
}
