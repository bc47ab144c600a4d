import { recordReferralVisit } from '../api/referrals';
import type { ReferralVisit } from '../api/types';

const UTM_FIELDS = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const;
const UTM_MAX = 100;

let recorded = false;

/** The visit the page's address describes: the referral code and campaign it carries, where the visitor came from, and the page. */
function visitOf(location: Location, referrer: string): ReferralVisit {
  const params = new URLSearchParams(location.search);
  const visit: ReferralVisit = { path: location.pathname };
  const value = (param: string) => params.get(param)?.trim() || undefined;
  const ref = value('ref');
  if (ref) visit.ref = ref;
  // The API refuses a campaign parameter over 100 characters: a longer one is cut rather than the visit lost.
  for (const [field, param] of Object.entries(UTM_FIELDS)) {
    const utm = value(param)?.slice(0, UTM_MAX);
    if (utm) visit[field as keyof typeof UTM_FIELDS] = utm;
  }
  if (referrer) visit.referrer = referrer;
  return visit;
}

/** Records this page load's referral visit, once however often the app asks. */
export function recordThisVisit(): Promise<void> {
  if (recorded) return Promise.resolve();
  recorded = true;
  return recordReferralVisit(visitOf(window.location, document.referrer));
}
