import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** One consumer turns course events into bell notifications; its name is also its key in processed_events. */
export const RECORD_NOTIFICATION = defineConsumer({
  name: 'record-notification',
  events: ['course.published', 'course.content_changed', 'course.completed', 'question.answered'],
  queue: QueueName.Notifications,
});

export const NOTIFICATION_EVENTS = RECORD_NOTIFICATION.events;
export const NOTIFICATIONS_CONSUMER = RECORD_NOTIFICATION.name;
