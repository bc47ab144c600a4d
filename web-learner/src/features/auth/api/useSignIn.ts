import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login } from '../../../api/auth';
import { queryKeys } from '../../../api/queries';
import { startSession } from '../../../auth/session';
import { switchLanguage } from '../../../i18n/language';

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Signs the learner in: starts the session and seeds the signed-in user, so the dashboard shows them without asking again. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => login({ email: input.email.trim(), password: input.password, rememberMe: input.rememberMe }),
    onSuccess: (answer) => {
      startSession(answer.token, answer.user.email);
      queryClient.setQueryData(queryKeys.me, answer.user);
      // The site speaks the account's language once signed in.
      if (answer.user.language) return switchLanguage(answer.user.language);
    },
  });
}
