import { useQuery } from '@tanstack/react-query';
import { myCertificatesQuery } from '../../../api/queries';

/** The learner's certificates of completion. */
export function useMyCertificates() {
  return useQuery(myCertificatesQuery);
}
