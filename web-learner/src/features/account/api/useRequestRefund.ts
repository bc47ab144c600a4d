import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRefund } from '../../../api/account';
import { queryKeys } from '../../../api/queries';

/** Asks for a refund of one purchase; the refund policy decides on the server (pending for the admin, or refused with the reason). */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) => requestRefund(paymentId, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}
