import type { EventType } from '../../events/event-catalogue';
import type { Subscription } from '../../events/event-subscriptions';
import { QueueName } from '../../queue/queue-names';

/** One consumer turns events into bell notifications; its name is also its key in processed_events. */
export const NOTIFICATIONS_CONSUMER = 'record-notification';

export const NOTIFICATION_EVENTS = ['course.published', 'course.content_changed', 'course.completed'] as const satisfies readonly EventType[];

export const NOTIFICATIONS_SUBSCRIPTIONS: Subscription[] = NOTIFICATION_EVENTS.map((event) => ({ event, consumer: NOTIFICATIONS_CONSUMER, queue: QueueName.Notifications }));
