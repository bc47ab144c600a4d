import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { deleteAccount } from '../../../api/account';
import { endSession } from '../../../auth/session';

const DELETED = '/login?notice=account-deleted';

/**
 * Deletes the account (personal data anonymised, payments kept) and leaves
 * the member area for the sign-in page, which says the account is gone (and
 * offers no demo credentials). The session ends first, so no screen on the
 * way sends the learner anywhere else.
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ currentPassword, confirm }: { currentPassword: string; confirm: string }) => {
      const answer = await deleteAccount(currentPassword, confirm);
      endSession(DELETED);
      await navigate(DELETED, { replace: true, flushSync: true });
      queryClient.clear();
      return answer;
    },
  });
}
