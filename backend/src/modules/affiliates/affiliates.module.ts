import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { AdminAffiliatePayoutsController, AdminAffiliatesController } from './admin-affiliates.controller';
import { AffiliateMailsRepository } from './affiliate-mails.repository';
import { AffiliateMails } from './affiliate-mails.service';
import { AffiliatesController } from './affiliates.controller';
import { AffiliatesRepository } from './affiliates.repository';
import { AffiliatesService } from './affiliates.service';
import { AffiliateMailConsumers } from './jobs/affiliate-mail.consumers';
import { CommissionConsumers } from './jobs/commission.consumers';
import { PayoutsService } from './payouts.service';
import { ReferralAttribution } from './referral-attribution.service';
import { ReferralCookies } from './referral-cookie';
import { ReferralsController } from './referrals.controller';

/**
 * The affiliate programme: applications and decisions, referral visits and
 * the attribution a checkout stores (ReferralAttribution, used by payments),
 * commissions from payment events, payouts, and the affiliate's mails
 * (an approved commission, a payout).
 */
@Module({
  imports: [AuditModule, SettingsModule, MailModule, UsersModule, AnalyticsModule],
  controllers: [ReferralsController, AffiliatesController, AdminAffiliatesController, AdminAffiliatePayoutsController],
  providers: [
    AffiliatesRepository,
    AffiliatesService,
    PayoutsService,
    ReferralAttribution,
    ReferralCookies,
    CommissionConsumers,
    AffiliateMailsRepository,
    AffiliateMails,
    AffiliateMailConsumers,
  ],
  exports: [ReferralAttribution],
})
export class AffiliatesModule {}
