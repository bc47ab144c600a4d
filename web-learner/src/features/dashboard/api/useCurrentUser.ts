import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../../api/queries';

/** The signed-in learner (name and plan), already known right after sign-in or account creation. */
export function useCurrentUser() {
  return useQuery(meQuery);
}
