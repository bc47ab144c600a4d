import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logoutEverywhere } from '../../../api/account';
import { endSession } from '../../../auth/session';

/** Ends every session of the learner on every device, this one included. */
export function useSignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logoutEverywhere();
      await navigate('/login', { replace: true, flushSync: true });
      endSession('/login');
      queryClient.clear();
    },
  });
}
