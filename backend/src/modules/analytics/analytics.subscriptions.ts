import type { EventType } from '../../events/event-catalogue';
import type { Subscription } from '../../events/event-subscriptions';
import { QueueName } from '../../queue/queue-names';

/** One consumer keeps every rollup; its name is also its key in processed_events. */
export const ROLLUP_CONSUMER = 'update-analytics-rollups';

export const ROLLUP_EVENTS = [
  'account.created',
  'user.created',
  'user.logged_in',
  'payment.confirmed',
  'payment.refunded',
  'lesson.completed',
  'course.completed',
  'course.started',
] as const satisfies readonly EventType[];

export const ANALYTICS_SUBSCRIPTIONS: Subscription[] = ROLLUP_EVENTS.map((event) => ({ event, consumer: ROLLUP_CONSUMER, queue: QueueName.Analytics }));
