import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** Settings > Notifications: emails to the admin about new members and course completions. */
export const NOTIFY_ADMIN_OF_NEW_MEMBER = defineConsumer({ name: 'notify-admin-of-new-member', events: ['account.created'], queue: QueueName.Notifications });
export const NOTIFY_ADMIN_OF_COURSE_COMPLETION = defineConsumer({
  name: 'notify-admin-of-course-completion',
  events: ['course.completed'],
  queue: QueueName.Notifications,
});

/** A learner's refund request within the policy: the admin hears about it by email (the request waits in Admin > Payments). */
export const NOTIFY_ADMIN_OF_REFUND_REQUEST = defineConsumer({
  name: 'notify-admin-of-refund-request',
  events: ['refund.requested'],
  queue: QueueName.Notifications,
});
