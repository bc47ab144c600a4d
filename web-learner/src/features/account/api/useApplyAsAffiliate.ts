import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyAsAffiliate } from '../../../api/affiliates';
import { ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import type { AffiliateApplication } from '../../../api/types';

/**
 * Sends the application; the panel then shows it as pending (the record the server answered). Already applied
 * (409, from another tab or device): the panel reads the record again and shows where that application stands.
 */
export function useApplyAsAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: AffiliateApplication) => applyAsAffiliate(application),
    onSuccess: (affiliate) => queryClient.setQueryData(queryKeys.myAffiliate, affiliate),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return queryClient.invalidateQueries({ queryKey: queryKeys.myAffiliate, exact: true });
    },
  });
}
