import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** A stored provider notification is applied to its payment through the state machine. */
export const PROCESS_IPN = defineConsumer({ name: 'process-ipn', events: ['payment.ipn_received'], queue: QueueName.Payments });

/** A confirmed payment grants lifetime access, once; inline, in the worker that confirmed it, right after the confirmation commits. */
export const GRANT_ACCESS = defineConsumer({ name: 'grant-access', events: ['payment.confirmed'], queue: QueueName.Payments, inline: true });

/**
 * A confirmed payment gets its numbered receipt by email (PDF attached), with
 * the link that lets the buyer create the account from any device while the
 * payment is unclaimed.
 */
export const SEND_RECEIPT = defineConsumer({ name: 'send-receipt', events: ['payment.confirmed'], queue: QueueName.Notifications });

/** A paid payment still unclaimed a day later: the buyer is reminded once. */
export const SEND_CLAIM_REMINDER = defineConsumer({ name: 'send-claim-reminder', events: ['payment.claim_reminder_due'], queue: QueueName.Notifications });

/** A refund is processed: the buyer hears about it. */
export const SEND_REFUND_MAIL = defineConsumer({ name: 'send-refund-mail', events: ['payment.refunded'], queue: QueueName.Notifications });

/** A declined refund request: the buyer is told why (at the account's current address). */
export const SEND_REFUND_DECLINED_MAIL = defineConsumer({ name: 'send-refund-declined-mail', events: ['refund.declined'], queue: QueueName.Notifications });

/** An underpaid payment: the buyer hears what happened and what to do. */
export const SEND_UNDERPAID_MAIL = defineConsumer({ name: 'send-underpaid-mail', events: ['payment.failed'], queue: QueueName.Notifications });

/**
 * A checkout started by someone not signed in, with an email that already
 * has lifetime access: the owner gets a sign-in link by email (the checkout
 * itself answered as for anyone, so it reveals no customer).
 */
export const SEND_ALREADY_OWNED_MAIL = defineConsumer({ name: 'send-already-owned-mail', events: ['payment.created'], queue: QueueName.Notifications });

/** An abandoned checkout's reminder is due: the buyer is mailed the link that resumes it (one mail per reminder). */
export const SEND_CHECKOUT_REMINDER = defineConsumer({
  name: 'send-checkout-reminder',
  events: ['checkout.recovery_reminder_due'],
  queue: QueueName.Notifications,
});
