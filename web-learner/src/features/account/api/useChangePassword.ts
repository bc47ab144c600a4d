import { useMutation } from '@tanstack/react-query';
import { changePassword } from '../../../api/account';
import { startSession } from '../../../auth/session';

/** Changes the password (the server's policy); other sessions end and this one continues with the new token. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => changePassword(currentPassword, newPassword),
    onSuccess: (answer) => startSession(answer.token, answer.user.email),
  });
}
