import { ApiProperty } from '@nestjs/swagger';
import { AFFILIATE_STATUSES, COMMISSION_TYPES, PAYOUT_METHODS } from './affiliate.dto';

const COMMISSION_STATES = ['pending', 'approved', 'paid', 'reversed'] as const;

export class ReferralVisitResult {
  @ApiProperty({ description: 'A click was recorded (a known approved affiliate code, or UTM parameters; never for bots)' }) recorded: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The signed attribution now held (also set as the HttpOnly cookie cp_ref); the app keeps it in localStorage as `referral`',
  })
  referral: string | null;
}

export class CommissionTerms {
  @ApiProperty({ enum: COMMISSION_TYPES }) type: 'percent' | 'fixed';
  @ApiProperty({ example: '30', description: 'percent: the percentage; fixed: the amount per sale, in the sale currency' }) value: string;
}

export class AffiliateSelf {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'K7QM2XPA' }) code: string;
  @ApiProperty({ enum: AFFILIATE_STATUSES }) status: 'pending' | 'approved' | 'rejected' | 'suspended';
  @ApiProperty({ example: 'http://localhost:3000/?ref=K7QM2XPA' }) referralLink: string;
  @ApiProperty({ type: String, nullable: true, example: 'JANE10' }) couponCode: string | null;
  @ApiProperty({ type: CommissionTerms }) commission: CommissionTerms;
  @ApiProperty({ enum: PAYOUT_METHODS }) payoutMethod: string;
  @ApiProperty() payoutDetails: string;
  @ApiProperty({ format: 'date-time' }) appliedAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decidedAt: string | null;
}

export class AffiliateMe {
  @ApiProperty({ type: AffiliateSelf, nullable: true, description: 'null: the learner has not applied' }) affiliate: AffiliateSelf | null;
}

export class CommissionCurrencyTotals {
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: '149.10', description: 'Within the hold period' }) pending: string;
  @ApiProperty({ example: '0.00', description: 'Payable (hold passed), less clawbacks, not paid yet' }) approved: string;
  @ApiProperty({ example: '0.00' }) paid: string;
  @ApiProperty({ example: '0.00', description: 'Refunded before being paid' }) reversed: string;
}

export class DashboardTotals {
  @ApiProperty({ description: 'Recorded clicks in the period' }) clicks: number;
  @ApiProperty({ description: 'Checkouts started with this attribution in the period' }) checkouts: number;
  @ApiProperty({ description: 'Confirmed sales in the period' }) sales: number;
  @ApiProperty({ type: [CommissionCurrencyTotals], description: 'All time, per currency' }) commission: CommissionCurrencyTotals[];
}

export class DashboardDay {
  @ApiProperty({ example: '2025-07-01', description: 'YYYY-MM-DD in the site timezone' }) day: string;
  @ApiProperty() clicks: number;
  @ApiProperty() checkouts: number;
  @ApiProperty() sales: number;
}

export class DashboardCommission {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: '149.10', description: 'Negative for a clawback (a refund after payout)' }) amount: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ enum: COMMISSION_STATES }) state: (typeof COMMISSION_STATES)[number];
  @ApiProperty({ format: 'date-time' }) payableAt: string;
}

export class AffiliateDashboard {
  @ApiProperty({ type: DashboardTotals }) totals: DashboardTotals;
  @ApiProperty({ type: [DashboardDay] }) days: DashboardDay[];
  @ApiProperty({ type: [DashboardCommission], description: 'The newest 50 lines; no buyer personal data' }) commissions: DashboardCommission[];
}

export class AdminAffiliate {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() code: string;
  @ApiProperty({ enum: AFFILIATE_STATUSES }) status: 'pending' | 'approved' | 'rejected' | 'suspended';
  @ApiProperty() clicks: number;
  @ApiProperty() sales: number;
  @ApiProperty({ example: '149.10', description: 'In the site currency: within the hold period' }) pendingTotal: string;
  @ApiProperty({ example: '0.00', description: 'In the site currency: payable now (less clawbacks)' }) payableTotal: string;
  @ApiProperty({ example: '0.00', description: 'In the site currency: paid' }) paidTotal: string;
  @ApiProperty({ example: 'USD', description: 'The site currency (Settings > Payments)' }) currency: string;
  @ApiProperty({ type: String, enum: COMMISSION_TYPES, nullable: true, description: "null: the Settings' commission" }) commissionType:
    | 'percent'
    | 'fixed'
    | null;
  @ApiProperty({ type: String, nullable: true, example: '40' }) commissionValue: string | null;
  @ApiProperty({ type: String, nullable: true }) couponCode: string | null;
  @ApiProperty({ enum: PAYOUT_METHODS }) payoutMethod: string;
  @ApiProperty() payoutDetails: string;
  @ApiProperty({ type: String, nullable: true }) website: string | null;
  @ApiProperty() promotionPlan: string;
  @ApiProperty({ format: 'date-time' }) appliedAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decidedAt: string | null;
}

export class OwedAffiliate {
  @ApiProperty({ format: 'uuid' }) affiliateId: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: PAYOUT_METHODS }) payoutMethod: string;
  @ApiProperty() payoutDetails: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: '149.10', description: 'Payable commissions minus clawbacks' }) amount: string;
  @ApiProperty({ type: 'integer', example: 3, description: 'How many lines (commissions and clawbacks) a payout would mark paid' }) lines: number;
}

export class AffiliatePayout {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: '298.20', description: 'The sum of the lines paid' }) total: string;
  @ApiProperty({ description: 'How many affiliates the batch pays' }) count: number;
  @ApiProperty() reference: string;
  @ApiProperty({ format: 'date-time' }) paidAt: string;
}
