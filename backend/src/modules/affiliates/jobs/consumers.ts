import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/**
 * A confirmed payment attributed to an affiliate earns the commission (or a refused line for a self-referral), once.
 * Owed (and queued) only for such a payment: the attribution is decided when the checkout is created, so a sale no
 * affiliate referred queues no job. A payment id that is not a uuid has no attribution (the CASE keeps the cast safe).
 */
export const CREATE_COMMISSION = defineConsumer({
  name: 'create-affiliate-commission',
  events: ['payment.confirmed'],
  queue: QueueName.Payments,
  owedWhen: `EXISTS (SELECT 1 FROM payment_attributions pa
                      WHERE pa.affiliate_id IS NOT NULL
                        AND pa.payment_id = (CASE WHEN ev.payload->>'paymentId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                                                  THEN ev.payload->>'paymentId' END)::uuid)`,
});

/** A refunded payment reverses its unpaid commission, or claws a paid one back from the next payout, once. */
export const REVERSE_COMMISSION = defineConsumer({ name: 'reverse-affiliate-commission', events: ['payment.refunded'], queue: QueueName.Payments });

/** A payout batch paid an affiliate: their payout mail, once per affiliate and batch. */
export const SEND_AFFILIATE_PAYOUT_MAIL = defineConsumer({ name: 'send-affiliate-payout-mail', events: ['affiliate.paid'], queue: QueueName.Notifications });
