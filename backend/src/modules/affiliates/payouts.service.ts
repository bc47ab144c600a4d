import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { AffiliatesError } from './affiliates.error';
import { AffiliatesRepository } from './affiliates.repository';
import type { AffiliatePayout, OwedAffiliate } from './dto/affiliate-views.dto';

/** Sums of decimal texts with two decimals, in cents (no float rounding). */
const toCents = (amount: string): number => Math.round(Number(amount) * 100);
const fromCents = (cents: number): string => (cents / 100).toFixed(2);

type PayoutRow = { id: string; currency: string; total: string; count: number; reference: string; paid_at: Date };
const view = (p: PayoutRow): AffiliatePayout => ({
  id: p.id,
  currency: p.currency,
  total: p.total,
  count: p.count,
  reference: p.reference,
  paidAt: p.paid_at.toISOString(),
});

/**
 * What affiliates are owed and the batches that pay them. A payout marks
 * every payable line (commissions past their hold, clawbacks) of the chosen
 * affiliates in one currency paid, in one transaction with the batch row;
 * the lines are locked first, so a refund arriving meanwhile either reverses
 * a line before the payout takes it or claws it back after.
 */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly repository: AffiliatesRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
  ) {}

  async owed(): Promise<OwedAffiliate[]> {
    return (await this.repository.owed()).map((r) => ({
      affiliateId: r.affiliate_id,
      name: r.name,
      email: r.email,
      payoutMethod: r.payout_method,
      payoutDetails: r.payout_details,
      currency: r.currency,
      amount: r.amount,
      lines: r.lines,
    }));
  }

  async pay(input: { currency: string; affiliateIds?: string[]; reference: string }, actor: AuthUser): Promise<AffiliatePayout> {
    return this.tx.run(async (tx) => {
      const lines = await this.repository.lockPayable(tx.manager, input.currency, input.affiliateIds ?? null);
      const byAffiliate = new Map<string, { cents: number; ids: string[] }>();
      for (const line of lines) {
        const entry = byAffiliate.get(line.affiliate_id) ?? { cents: 0, ids: [] };
        entry.cents += toCents(line.amount);
        entry.ids.push(line.id);
        byAffiliate.set(line.affiliate_id, entry);
      }
      // An affiliate whose clawbacks outweigh what is payable is left out: the balance waits for later commissions.
      const paid = [...byAffiliate].filter(([, e]) => e.cents > 0);
      if (paid.length === 0) throw AffiliatesError.nothingOwed(input.currency);
      const total = paid.reduce((n, [, e]) => n + e.cents, 0);
      const payout = await this.repository.insertPayout(tx.manager, {
        currency: input.currency,
        total: fromCents(total),
        count: paid.length,
        reference: input.reference,
        createdBy: actor.id,
      });
      await this.repository.markPaid(
        tx.manager,
        payout.id,
        paid.flatMap(([, e]) => e.ids),
      );
      for (const [affiliateId, e] of paid) {
        await tx.emit(
          'affiliate.paid',
          { type: 'affiliate', id: affiliateId },
          { payoutId: payout.id, affiliateId, amount: fromCents(e.cents), currency: input.currency, reference: input.reference },
        );
      }
      await this.audit.record(tx.manager, {
        actor,
        action: 'pay-affiliates',
        resource: 'affiliate-payouts',
        resourceId: payout.id,
        summary: `Paid ${paid.length} affiliate${paid.length === 1 ? '' : 's'} ${payout.total} ${payout.currency} (${input.reference})`,
        after: { currency: payout.currency, total: payout.total, count: payout.count, reference: payout.reference },
      });
      return view(payout);
    });
  }

  async list(skip: number, take: number): Promise<{ rows: AffiliatePayout[]; total: number }> {
    const { rows, total } = await this.repository.payouts(skip, take);
    return { rows: rows.map(view), total };
  }

  /** The batch's lines per affiliate, for the bank or the wallet list. */
  async exportRows(id: string): Promise<unknown[][]> {
    const payout = await this.repository.payout(id);
    if (!payout) throw CommonError.notFound('No such payout');
    const lines = await this.repository.payoutLines(id);
    return lines.map((l) => [l.name, l.email, l.payout_method, l.payout_details, l.currency, l.amount, payout.reference]);
  }
}
