import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setAccountLanguage } from '../../../api/account';
import { queryKeys } from '../../../api/queries';
import { switchLanguage, type Language } from '../../../i18n/language';

/** Saves the account's language on the server, then shows the interface in it. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => setAccountLanguage(language),
    onSuccess: async (_saved, language) => {
      await switchLanguage(language);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}
