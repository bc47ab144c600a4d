import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/**
 * Fans an event out to the webhook endpoints subscribed to it: one delivery row each, in the consumer's processed_events
 * transaction. Owed (and queued) only when an enabled endpoint takes the event's type as the event is written.
 */
export const FAN_OUT_WEBHOOKS = defineConsumer({
  name: 'fan-out-webhooks',
  events: [
    'payment.created',
    'payment.confirmed',
    'payment.failed',
    'payment.refunded',
    'refund.requested',
    'refund.declined',
    'account.created',
    'lesson.completed',
    'course.started',
    'course.completed',
    'certificate.issued',
    'course.published',
    'affiliate.applied',
    'affiliate.approved',
    'commission.created',
    'commission.approved',
    'commission.reversed',
    'affiliate.paid',
  ],
  queue: QueueName.Notifications,
  // Owed only while an enabled endpoint takes the event's type: with none (most events, most sites), no job at all.
  owedWhen: 'EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.enabled AND ev.type = ANY (w.event_types))',
});
