import { api } from './client';
import type { ReferralVisit } from './types';

/** Where this browser keeps the signed attribution the server answered a referral visit with (for browsers without its cookie). */
const REFERRAL_KEY = 'referral';

/** Records the visit (the server counts the click and sets its cookie), and keeps the signed attribution it answers. */
export async function recordReferralVisit(visit: ReferralVisit): Promise<void> {
  const { referral } = await api('post', '/api/referrals/visit', { body: visit });
  if (referral) localStorage.setItem(REFERRAL_KEY, referral);
}

/** The attribution this browser keeps, which a checkout sends along. */
export function storedReferral(): string | undefined {
  return localStorage.getItem(REFERRAL_KEY) ?? undefined;
}
