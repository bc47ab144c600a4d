import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { deleteAccount } from '../../../api/account';
import { endSession } from '../../../auth/session';

/** Deletes the account (personal data anonymised, payments kept) and leaves the member area. */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ currentPassword, confirm }: { currentPassword: string; confirm: string }) => {
      const answer = await deleteAccount(currentPassword, confirm);
      await navigate('/', { replace: true, flushSync: true });
      endSession('/');
      queryClient.clear();
      return answer;
    },
  });
}
