import { useQuery } from '@tanstack/react-query';
import { myAffiliateQuery } from '../queries';

/** The learner's affiliate record, or null when they have not applied: the account page's panel and the sidebar's link read it. */
export function useMyAffiliate() {
  return useQuery(myAffiliateQuery);
}
