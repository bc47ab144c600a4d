import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../queries';

/**
 * The signed-in learner (name, email, plan), already known right after
 * sign-in or account creation. Checkout asks only when signed in and does not
 * retry (it pre-fills and locks the buyer's email, or leaves the field free).
 */
export function useCurrentUser(options: { enabled?: boolean; retry?: boolean } = {}) {
  return useQuery({ ...meQuery, ...options });
}
