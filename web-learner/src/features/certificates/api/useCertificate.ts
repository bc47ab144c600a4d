import { useQuery } from '@tanstack/react-query';
import { certificateQuery } from '../../../api/queries';

/** A certificate's public verification (asked once: an unknown id stays unknown, so no retry). */
export function useCertificate(id: string) {
  return useQuery({ ...certificateQuery(id), retry: false });
}
