export { AffiliatesModule } from './affiliates.module';
export { ReferralAttribution, type AttributionSummary } from './referral-attribution.service';
export { REFERRAL_COOKIE } from './referral-cookie';
