import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** A confirmed payment attributed to an affiliate earns the commission (or a refused line for a self-referral), once. */
export const CREATE_COMMISSION = defineConsumer({ name: 'create-affiliate-commission', events: ['payment.confirmed'], queue: QueueName.Payments });

/** A refunded payment reverses its unpaid commission, or claws a paid one back from the next payout, once. */
export const REVERSE_COMMISSION = defineConsumer({ name: 'reverse-affiliate-commission', events: ['payment.refunded'], queue: QueueName.Payments });

/** A payout batch paid an affiliate: their payout mail, once per affiliate and batch. */
export const SEND_AFFILIATE_PAYOUT_MAIL = defineConsumer({ name: 'send-affiliate-payout-mail', events: ['affiliate.paid'], queue: QueueName.Notifications });
