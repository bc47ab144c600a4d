import type { Subscription } from '../../events/event-subscriptions';
import { QueueName } from '../../queue/queue-names';
import { COURSE_COMPLETION_NOTICE, NEW_MEMBER_NOTICE } from './admin-notices.service';

export const SETTINGS_SUBSCRIPTIONS: Subscription[] = [
  { event: 'account.created', consumer: NEW_MEMBER_NOTICE, queue: QueueName.Notifications },
  { event: 'course.completed', consumer: COURSE_COMPLETION_NOTICE, queue: QueueName.Notifications },
];
