import { useMutation } from '@tanstack/react-query';
import { requestEmailChange } from '../../../api/account';

/** Asks for an email change: the server mails a confirmation link to the new address; nothing changes until it is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: ({ newEmail, currentPassword }: { newEmail: string; currentPassword: string }) => requestEmailChange(newEmail, currentPassword),
  });
}
