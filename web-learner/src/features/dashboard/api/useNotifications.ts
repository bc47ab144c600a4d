import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markNotificationsRead } from '../../../api/member';
import { notificationsQuery, queryKeys } from '../../../api/queries';
import type { NotificationList } from '../../../api/types';

/** The learner's notifications, checked again every minute; a learner without access gets a 403, which no retry changes. */
export function useNotifications() {
  return useQuery({ ...notificationsQuery, refetchInterval: 60_000, retry: false });
}

/** Marks every notification read; the list shows them read (and the unread dot goes) as soon as the server agrees. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () =>
      queryClient.setQueryData<NotificationList>(queryKeys.notifications, (old) =>
        old ? { unread: 0, notifications: old.notifications.map((n) => ({ ...n, read: true })) } : old,
      ),
  });
}
