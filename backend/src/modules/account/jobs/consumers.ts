import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** A buyer created the account: welcome and how to start. */
export const SEND_WELCOME = defineConsumer({ name: 'send-welcome', events: ['account.created'], queue: QueueName.Notifications });

/** A learner asked to change the email: the confirmation link goes to the new address. */
export const SEND_EMAIL_CHANGE_LINK = defineConsumer({
  name: 'send-email-change-link',
  events: ['account.email_change_requested'],
  queue: QueueName.Notifications,
});

/** A learner's email changed: the address it had gets a security notice (the owner still reads it if someone else made the change). */
export const SEND_EMAIL_CHANGED_NOTICE = defineConsumer({
  name: 'send-email-changed-notice',
  events: ['account.email_changed'],
  queue: QueueName.Notifications,
});

/** A learner wrote through the contact form: the support inbox gets it. */
export const FORWARD_SUPPORT_MESSAGE = defineConsumer({
  name: 'forward-support-message',
  events: ['support.message_received'],
  queue: QueueName.Notifications,
});

/** An instructor answered a learner's question under a lesson: the asker hears about it by email. */
export const SEND_ANSWER_MAIL = defineConsumer({ name: 'send-answer-mail', events: ['question.answered'], queue: QueueName.Notifications });

/** Dripped lessons opened for a learner: the day's digest email lists them (one per learner and day). */
export const SEND_LESSON_DIGEST = defineConsumer({ name: 'send-lesson-digest', events: ['lessons.opened'], queue: QueueName.Notifications });
