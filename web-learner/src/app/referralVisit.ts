import { recordReferralVisit } from '../api/referrals';
import type { ReferralVisit } from '../api/types';

const UTM_FIELDS = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const;
const UTM_MAX = 100;

/** The address of a page view: the page, and the query string that may carry a referral code and a campaign. */
export type PageAddress = Pick<Location, 'pathname' | 'search'>;

/** The visit the page's address describes: the referral code and campaign it carries, where the visitor came from, and the page. */
function visitOf(page: PageAddress, referrer: string): ReferralVisit {
  const params = new URLSearchParams(page.search);
  const visit: ReferralVisit = { path: page.pathname };
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

/** Records a view of a public page (the funnel's visits), and keeps the attribution the server answers. */
export function recordPageVisit(page: PageAddress, referrer: string): Promise<void> {
  return recordReferralVisit(visitOf(page, referrer));
}
