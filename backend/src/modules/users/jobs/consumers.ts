import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** A user an admin created without a password gets the link to choose one. */
export const SEND_INVITATION = defineConsumer({ name: 'send-invitation', events: ['user.created'], queue: QueueName.Notifications });
