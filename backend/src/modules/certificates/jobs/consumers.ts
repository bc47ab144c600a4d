import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** A learner completed a course: a worker issues their certificate (once per learner and course, however often the event arrives). */
export const ISSUE_CERTIFICATE = defineConsumer({ name: 'issue-certificate', events: ['course.completed'], queue: QueueName.Notifications });

/** A certificate was issued: the learner gets it by email, the PDF attached. */
export const SEND_CERTIFICATE_MAIL = defineConsumer({ name: 'send-certificate-mail', events: ['certificate.issued'], queue: QueueName.Notifications });

/** A refund revokes the refunded learner's certificates. */
export const REVOKE_CERTIFICATES_ON_REFUND = defineConsumer({
  name: 'revoke-certificates-on-refund',
  events: ['payment.refunded'],
  queue: QueueName.Notifications,
});
