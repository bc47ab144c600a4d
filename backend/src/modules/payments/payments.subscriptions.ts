import type { Subscription } from '../../events/event-subscriptions';
import { QueueName } from '../../queue/queue-names';

export const PAYMENTS_SUBSCRIPTIONS: Subscription[] = [
  { event: 'payment.ipn_received', consumer: 'process-ipn', queue: QueueName.Payments },
  { event: 'payment.confirmed', consumer: 'grant-access', queue: QueueName.Payments },
];
