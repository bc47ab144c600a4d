import { useQuery } from '@tanstack/react-query';
import { accountQuery } from '../../../api/queries';

/** The signed-in learner's profile and purchase history. */
export function useAccount() {
  return useQuery(accountQuery);
}
