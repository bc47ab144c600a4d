import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../../api/auth';
import { endSession } from '../../../auth/session';

/** Signs out on the server, then ends the local session and forgets every cached answer of this learner. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Leave the guarded routes before the server ends the session: a request of this page answered 401
      // meanwhile (a poll, a refetch) would otherwise end the local session and bounce to /login.
      await navigate('/', { replace: true, flushSync: true });
      try {
        await logout();
      } finally {
        endSession('/');
        queryClient.clear();
      }
    },
  });
}
