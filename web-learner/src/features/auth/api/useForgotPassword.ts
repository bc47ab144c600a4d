import { useMutation } from '@tanstack/react-query';
import { forgotPassword } from '../../../api/auth';

/** Asks for a password-reset link; the server answers the same whether the email exists or not. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => forgotPassword(email.trim()) });
}
