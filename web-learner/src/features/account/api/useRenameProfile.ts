import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renameProfile } from '../../../api/account';
import { queryKeys } from '../../../api/queries';

/** Saves the display name; the sidebar's member card and the account page show it at once. */
export function useRenameProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameProfile(name),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.account }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]),
  });
}
