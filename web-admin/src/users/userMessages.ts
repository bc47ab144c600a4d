import { useQueryClient } from '@tanstack/react-query';
import { useNotify, type RaRecord } from 'react-admin';
import { answeredByServer, errorMessage } from '../api';
import { USER_SUMMARY_KEY } from './UserStats';

/** The spec's text, then the server's reason when it gave one. */
const withReason = (text: string, error: unknown) => {
  const reason = errorMessage(error, '');
  return reason ? `${text}: ${reason}` : text;
};

export const deleteUserConfirmation = (user: RaRecord) => `Are you sure you want to delete ${user.name ?? user.email}?`;

/** The spec's user messages, through react-admin notifications; successes also refresh the stat cards. */
export function useUserMutationMessages() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refreshStats = () => queryClient.invalidateQueries({ queryKey: USER_SUMMARY_KEY });
  return {
    created: () => {
      refreshStats();
      notify('User created', { type: 'success' });
    },
    createFailed: (error: unknown) => notify(answeredByServer(error) ? `Failed to create user: ${errorMessage(error)}` : 'Failed to save user', { type: 'error' }),
    updated: () => {
      refreshStats();
      notify('User updated', { type: 'success' });
    },
    updateFailed: (error: unknown) => notify(answeredByServer(error) ? `Failed to update user: ${errorMessage(error)}` : 'Failed to save user', { type: 'error' }),
    deleted: () => {
      refreshStats();
      notify('User deleted', { type: 'success' });
    },
    deleteFailed: (error: unknown) => notify(withReason('Failed to delete user', error), { type: 'error' }),
    bulkUpdated: () => {
      refreshStats();
      notify('Users updated', { type: 'success' });
    },
    bulkFailed: (error: unknown) => notify(`Failed to update user: ${errorMessage(error)}`, { type: 'error' }),
    bulkDeleted: () => {
      refreshStats();
      notify('Users deleted', { type: 'success' });
    },
  };
}
