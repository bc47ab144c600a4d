import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logoutEverywhere } from '../../../api/account';
import { endSession } from '../../../auth/session';

const SIGNED_OUT = '/login?notice=signed-out-everywhere';

/** Ends every session of the learner on every device, this one included; the sign-in page then says so. */
export function useSignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logoutEverywhere();
      endSession(SIGNED_OUT);
      await navigate(SIGNED_OUT, { replace: true, flushSync: true });
      queryClient.clear();
    },
  });
}
