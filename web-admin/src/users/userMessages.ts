import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useUnselectAll } from 'react-admin';
import type { UserRecord } from '../api/types';
import { plural } from '../common/plural';

/** What a bulk status change did, in the success message ("3 users suspended"). */
const STATUS_DONE: Record<string, string> = { active: 'activated', inactive: 'deactivated', suspended: 'suspended' };

/** How many records a bulk mutation was for (its ids), else what it answered. */
const countOf = (data: unknown, variables: unknown): number => {
  const ids = (variables as { ids?: unknown[] } | undefined)?.ids;
  return Array.isArray(ids) ? ids.length : Array.isArray(data) ? data.length : 0;
};
import { answeredByServer, errorMessage, queryKeys } from '../api';

/** The spec's text, then the server's reason when it gave one. */
const withReason = (text: string, error: unknown) => {
  const reason = errorMessage(error, '');
  return reason ? `${text}: ${reason}` : text;
};

export const deleteUserConfirmation = (user: UserRecord) => `Are you sure you want to delete ${user.name ?? user.email}?`;

/** The spec's user messages, through react-admin notifications; successes also refresh the stat cards. */
export function useUserMutationMessages() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const unselectAll = useUnselectAll('users');
  const refreshStats = () => queryClient.invalidateQueries({ queryKey: queryKeys.userSummary });
  return {
    created: () => {
      refreshStats();
      notify('User created', { type: 'success' });
    },
    createFailed: (error: unknown) =>
      notify(answeredByServer(error) ? `Failed to create user: ${errorMessage(error)}` : 'Failed to save user', { type: 'error' }),
    updated: () => {
      refreshStats();
      notify('User updated', { type: 'success' });
    },
    updateFailed: (error: unknown) =>
      notify(answeredByServer(error) ? `Failed to update user: ${errorMessage(error)}` : 'Failed to save user', { type: 'error' }),
    deleted: () => {
      refreshStats();
      notify('User deleted', { type: 'success' });
    },
    deleteFailed: (error: unknown) => notify(withReason('Failed to delete user', error), { type: 'error' }),
    /** After a bulk status change: the selection clears and the message says what happened to how many. */
    bulkUpdated: (status: string) => (data: unknown, variables: unknown) => {
      refreshStats();
      unselectAll();
      notify(`${plural(countOf(data, variables), 'user')} ${STATUS_DONE[status] ?? 'updated'}`, { type: 'success' });
    },
    bulkFailed: (error: unknown) => notify(`Failed to update user: ${errorMessage(error)}`, { type: 'error' }),
    bulkDeleted: (data: unknown, variables: unknown) => {
      refreshStats();
      unselectAll();
      notify(`${plural(countOf(data, variables), 'user')} deleted`, { type: 'success' });
    },
  };
}
