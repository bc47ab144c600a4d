import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** One consumer keeps every rollup; its name is also its key in processed_events. */
export const UPDATE_ROLLUPS = defineConsumer({
  name: 'update-analytics-rollups',
  events: [
    'account.created',
    'user.created',
    'user.logged_in',
    'payment.created',
    'payment.confirmed',
    'payment.refunded',
    'lesson.completed',
    'course.completed',
    'course.started',
    'quiz.attempted',
    'certificate.issued',
    'checkout.recovery_reminder_due',
    'checkout.resumed',
  ],
  queue: QueueName.Analytics,
});

export const ROLLUP_CONSUMER = UPDATE_ROLLUPS.name;
export const ROLLUP_EVENTS = UPDATE_ROLLUPS.events;
