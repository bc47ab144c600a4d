import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { answeredByServer, errorMessage, queryKeys } from '../api';

/** The spec's course messages through react-admin notifications, with the server's reason when it gave one. */
export function useCourseMessages() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fail = (text: string) => (error: unknown) => {
    // No answer from the server at all (the save threw): the spec's own message for that case.
    if (!answeredByServer(error)) return notify('Failed to save course', { type: 'error' });
    const reason = errorMessage(error, '');
    notify(reason ? `${text}: ${reason}` : text, { type: 'error' });
  };
  return {
    createFailed: fail('Failed to create course'),
    updateFailed: fail('Failed to update course'),
    deleteFailed: fail('Failed to delete course'),
    deleted: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.courseSummary });
      notify('Course deleted', { type: 'success' });
    },
  };
}

export const deleteCourseConfirmation = (title: string) => `Are you sure you want to delete "${title}"?`;
