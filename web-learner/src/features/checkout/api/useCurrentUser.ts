import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../../api/queries';

/** The signed-in buyer, when there is one (checkout pre-fills and locks their email). */
export function useCurrentUser(signedIn: boolean) {
  return useQuery({ ...meQuery, enabled: signedIn, retry: false });
}
