import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAffiliatePayout } from '../../../api/affiliates';
import type { PayoutDetails } from '../../../api/types';
import { queryKeys } from '../../../api/queries';

/** Saves where an approved affiliate is paid. */
export function useUpdateAffiliatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: PayoutDetails) => updateAffiliatePayout(details),
    onSuccess: (affiliate) => queryClient.setQueryData(queryKeys.myAffiliate, affiliate),
  });
}
