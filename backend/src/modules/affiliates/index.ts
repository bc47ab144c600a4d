export { AffiliatesModule } from './affiliates.module';
export { ReferralAttribution } from './referral-attribution.service';
export { REFERRAL_COOKIE } from './referral-cookie';
