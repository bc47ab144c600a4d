import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../queries';

/**
 * The API's public settings (demo mode and its credentials, the offered
 * currencies, the group chat link). Every screen that reads them has a
 * fallback, so a failure is not retried.
 */
export function usePublicConfig() {
  return useQuery({ ...publicConfigQuery, retry: false });
}
