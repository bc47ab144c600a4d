import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomInt } from 'node:crypto';
import type { AuthUser } from '../../common/auth/auth-user';
import type { ListQuery } from '../../common/http/list-query';
import { appConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService, diff, type AuditAction } from '../audit';
import { SettingsService } from '../settings';
import { AffiliatesError } from './affiliates.error';
import { AffiliatesRepository, type AffiliateFilter, type AffiliateGridRow, type AffiliateRow, type AffiliateStatus } from './affiliates.repository';
import type { AdminAffiliateUpdateDto, ApplyDto, PayoutDetailsDto } from './dto/affiliate.dto';
import type { AdminAffiliate, AffiliateDashboard, AffiliateSelf } from './dto/affiliate-views.dto';

/** Code characters: no 0/O or 1/I, so a code read aloud or copied by hand stays right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** The status changes the programme allows, and the audit action each one is. */
const TRANSITIONS: Partial<Record<AffiliateStatus, Partial<Record<AffiliateStatus, AuditAction>>>> = {
  pending: { approved: 'approve-affiliate', rejected: 'reject-affiliate' },
  approved: { suspended: 'suspend-affiliate' },
  suspended: { approved: 'reinstate-affiliate' },
};

const DECISION_WORDS: Partial<Record<AuditAction, string>> = {
  'approve-affiliate': 'Approved',
  'reject-affiliate': 'Rejected',
  'suspend-affiliate': 'Suspended',
  'reinstate-affiliate': 'Reinstated',
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Affiliates: a learner's application, profile and dashboard, and the
 * console's grid and decisions. Commissions come from payment events
 * (jobs/commission.consumers.ts); attribution from the checkout
 * (referral-attribution.service.ts).
 */
@Injectable()
export class AffiliatesService {
  constructor(
    private readonly repository: AffiliatesRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async me(user: AuthUser): Promise<AffiliateSelf | null> {
    const row = await this.repository.findByUser(user.id);
    return row ? this.self(row) : null;
  }

  /** One application per account; the code is random and unique (a clash is retried). */
  async apply(user: AuthUser, input: ApplyDto): Promise<AffiliateSelf> {
    if (await this.repository.findByUser(user.id)) throw AffiliatesError.alreadyApplied();
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.tx.run(async (tx) => {
        const inserted = await this.repository.insert(tx.manager, {
          userId: user.id,
          name: user.name,
          email: user.email.toLowerCase(),
          code: newCode(),
          website: input.website ?? null,
          promotionPlan: input.promotionPlan,
          payoutMethod: input.payoutMethod,
          payoutDetails: input.payoutDetails,
        });
        if (inserted) {
          await tx.emit(
            'affiliate.applied',
            { type: 'affiliate', id: inserted.id },
            { affiliateId: inserted.id, userId: user.id, name: inserted.name, email: inserted.email },
          );
        }
        return inserted;
      });
      if (row) return this.self(row);
      if (await this.repository.findByUser(user.id)) throw AffiliatesError.alreadyApplied();
    }
    throw new Error('No free affiliate code after 5 attempts');
  }

  async updatePayoutDetails(user: AuthUser, input: PayoutDetailsDto): Promise<AffiliateSelf> {
    const row = await this.repository.updatePayoutDetails(user.id, input.payoutMethod, input.payoutDetails);
    if (!row) throw AffiliatesError.notAnAffiliate();
    return this.self(row);
  }

  async dashboard(user: AuthUser, days: number): Promise<AffiliateDashboard> {
    const affiliate = await this.repository.findByUser(user.id);
    if (!affiliate) throw AffiliatesError.notAnAffiliate();
    const timeZone = await this.settings.timeZone();
    const [perDay, totals, recent] = await Promise.all([
      this.repository.dashboardDays(affiliate.id, days, timeZone),
      this.repository.commissionTotals(affiliate.id),
      this.repository.recentCommissions(affiliate.id),
    ]);
    const sum = (key: 'clicks' | 'checkouts' | 'sales') => perDay.reduce((n, d) => n + d[key], 0);
    return {
      totals: { clicks: sum('clicks'), checkouts: sum('checkouts'), sales: sum('sales'), commission: totals },
      days: perDay,
      commissions: recent.map((c) => ({
        id: c.id,
        createdAt: c.created_at.toISOString(),
        amount: c.amount,
        currency: c.currency,
        state: c.state as AffiliateDashboard['commissions'][number]['state'],
        payableAt: c.payable_at.toISOString(),
      })),
    };
  }

  async list(filter: AffiliateFilter, query: ListQuery): Promise<{ rows: AdminAffiliate[]; total: number }> {
    const currency = (await this.settings.get('payments')).currency;
    const { rows, total } = await this.repository.list(filter, query, currency);
    return { rows: rows.map((r) => this.adminView(r, currency)), total };
  }

  async get(id: string): Promise<AdminAffiliate> {
    const currency = (await this.settings.get('payments')).currency;
    const [row] = (await this.repository.list({}, { sort: { field: 'appliedAt', order: 'DESC' }, skip: 0, take: 1, ids: [id] }, currency)).rows;
    if (!row) throw AffiliatesError.notFound();
    return this.adminView(row, currency);
  }

  /**
   * The console's decision and terms: a status change must be one the
   * programme allows (each is audited as its own action), the commission
   * override is a type and a value together, a coupon code belongs to one
   * affiliate. Approving (or reinstating) announces affiliate.approved.
   */
  async update(id: string, input: AdminAffiliateUpdateDto, actor: AuthUser): Promise<AdminAffiliate> {
    await this.tx.run(async (tx) => {
      const before = await this.repository.lock(tx.manager, id);
      if (!before) throw AffiliatesError.notFound();
      const status = input.status ?? before.status;
      const action = status === before.status ? null : TRANSITIONS[before.status]?.[status];
      if (action === undefined) throw AffiliatesError.badTransition(before.status, status);
      const commissionType = input.commissionType === undefined ? before.commission_type : input.commissionType;
      const commissionValue = commissionType === null ? null : (input.commissionValue ?? (input.commissionType === undefined ? before.commission_value : null));
      if (commissionType !== null && commissionValue === null)
        throw AffiliatesError.field('commissionValue', 'Give the commission value for this commission type');
      if (commissionType === 'percent' && !/^(100|\d{1,2})(\.0{1,2})?$/.test(commissionValue!)) {
        throw AffiliatesError.field('commissionValue', 'A percentage commission must be a whole number from 0 to 100');
      }
      const couponCode = input.couponCode === undefined ? before.coupon_code : input.couponCode;
      if (couponCode && couponCode !== before.coupon_code && (await this.repository.couponHolder(tx.manager, couponCode)))
        throw AffiliatesError.couponTaken(couponCode);
      const after = await this.repository.updateDecision(tx.manager, id, {
        status,
        decidedAt: action ? new Date() : before.decided_at,
        commissionType,
        commissionValue: commissionValue === null ? null : Number(commissionValue).toFixed(commissionType === 'percent' ? 0 : 2),
        couponCode,
      });
      const changes = diff(this.audited(before), this.audited(after));
      if (Object.keys(changes.after).length === 0) return;
      await this.audit.record(tx.manager, {
        actor,
        action: action ?? 'update',
        resource: 'affiliates',
        resourceId: id,
        summary: `${action ? DECISION_WORDS[action] : 'Updated'} affiliate ${after.email}`,
        ...changes,
      });
      if (status === 'approved' && action) {
        await tx.emit('affiliate.approved', { type: 'affiliate', id }, { affiliateId: id, userId: after.user_id, email: after.email, actorId: actor.id });
      }
    });
    return this.get(id);
  }

  private audited(row: AffiliateRow): Record<string, unknown> {
    return { status: row.status, commissionType: row.commission_type, commissionValue: row.commission_value, couponCode: row.coupon_code };
  }

  private self(row: AffiliateRow): Promise<AffiliateSelf> {
    return this.terms(row).then((commission) => ({
      id: row.id,
      code: row.code,
      status: row.status,
      referralLink: `${this.app.publicUrl}/?ref=${encodeURIComponent(row.code)}`,
      couponCode: row.coupon_code,
      commission,
      payoutMethod: row.payout_method,
      payoutDetails: row.payout_details,
      appliedAt: row.applied_at.toISOString(),
      decidedAt: iso(row.decided_at),
    }));
  }

  /** The affiliate's own commission, else the programme's (for a fixed one, the amount in the site currency). */
  private async terms(row: AffiliateRow): Promise<AffiliateSelf['commission']> {
    if (row.commission_type && row.commission_value !== null) {
      return { type: row.commission_type, value: row.commission_type === 'percent' ? String(Number(row.commission_value)) : row.commission_value };
    }
    const config = await this.settings.get('affiliates');
    if (config.commissionType === 'percent') return { type: 'percent', value: String(config.commissionPercent) };
    const currency = (await this.settings.get('payments')).currency as 'USD' | 'EUR' | 'GBP' | 'CAD';
    return { type: 'fixed', value: config[`commissionFixed${currency}`] };
  }

  private adminView(r: AffiliateGridRow, currency: string): AdminAffiliate {
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      code: r.code,
      status: r.status,
      clicks: Number(r.clicks),
      sales: Number(r.sales),
      pendingTotal: r.pending_total,
      payableTotal: r.payable_total,
      paidTotal: r.paid_total,
      currency,
      commissionType: r.commission_type,
      commissionValue: r.commission_value === null ? null : r.commission_type === 'percent' ? String(Number(r.commission_value)) : r.commission_value,
      couponCode: r.coupon_code,
      payoutMethod: r.payout_method,
      payoutDetails: r.payout_details,
      website: r.website,
      promotionPlan: r.promotion_plan,
      appliedAt: new Date(r.applied_at).toISOString(),
      decidedAt: iso(r.decided_at),
    };
  }
}
