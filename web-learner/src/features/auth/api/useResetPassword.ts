import { useMutation } from '@tanstack/react-query';
import { resetPassword } from '../../../api/auth';

/** Sets a new password with the one-time token of the emailed link. */
export function useResetPassword() {
  return useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => resetPassword(token, password) });
}
