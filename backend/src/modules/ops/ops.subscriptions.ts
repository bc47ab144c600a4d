import type { Subscription } from '../../events/event-subscriptions';
import { QueueName } from '../../queue/queue-names';

/** Events after which the public responses (catalogue, students, ratings, site settings) may have changed: every instance drops its response cache. */
export const OPS_SUBSCRIPTIONS: Subscription[] = (['course.published', 'course.content_changed', 'course.started', 'course.rated', 'settings.updated'] as const).map((event) => ({
  event,
  consumer: 'clear-cache-on-change',
  queue: QueueName.Maintenance,
}));
