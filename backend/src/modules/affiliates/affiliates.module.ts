import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { SettingsModule } from '../settings';
import { AdminAffiliatePayoutsController, AdminAffiliatesController } from './admin-affiliates.controller';
import { AffiliatesController } from './affiliates.controller';
import { AffiliatesRepository } from './affiliates.repository';
import { AffiliatesService } from './affiliates.service';
import { CommissionConsumers } from './jobs/commission.consumers';
import { PayoutsService } from './payouts.service';
import { ReferralAttribution } from './referral-attribution.service';
import { ReferralCookies } from './referral-cookie';
import { ReferralsController } from './referrals.controller';

/**
 * The affiliate programme: applications and decisions, referral visits and
 * the attribution a checkout stores (ReferralAttribution, used by payments),
 * commissions from payment events, payouts.
 */
@Module({
  imports: [AuditModule, SettingsModule],
  controllers: [ReferralsController, AffiliatesController, AdminAffiliatesController, AdminAffiliatePayoutsController],
  providers: [AffiliatesRepository, AffiliatesService, PayoutsService, ReferralAttribution, ReferralCookies, CommissionConsumers],
  exports: [ReferralAttribution],
})
export class AffiliatesModule {}
