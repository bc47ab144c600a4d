import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmEmailChange } from '../../../api/account';
import { endSession } from '../../../auth/session';

/** Opens the emailed confirmation link: the email changes and every session ends, so this browser signs out too. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => confirmEmailChange(token),
    onSuccess: () => {
      endSession();
      queryClient.clear();
    },
  });
}
