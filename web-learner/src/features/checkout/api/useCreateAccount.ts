import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAccount } from '../../../api/auth';
import { ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import type { ClaimProof } from '../../../api/types';
import { forgetCheckout, startSession } from '../../../auth/session';
import { PASSWORD_MESSAGES } from '../../../components/password/passwordStrength';

export type CreateAccountInput = { email: string; name: string; password: string; paymentId: string } & ClaimProof;

/**
 * Creates the account from a paid payment with its proof of purchase. The
 * checkout is then forgotten; a new account is signed in at once, while a
 * purchase added to an existing account answers without a session.
 */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAccountInput) => {
      const answer = await createAccount(input);
      // Answered, but not created: the server's message, or the spec's text when it gave none.
      if (!answer.success) throw new ApiError(200, answer.message || PASSWORD_MESSAGES.failed);
      return answer;
    },
    onSuccess: (answer) => {
      forgetCheckout();
      if ('token' in answer) {
        startSession(answer.token, answer.user.email);
        queryClient.setQueryData(queryKeys.me, answer.user);
      }
    },
  });
}
