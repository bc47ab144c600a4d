import { defineConsumer } from '../../../events/event-consumers';
import { QueueName } from '../../../queue/queue-names';

/** Events after which the public responses (catalogue, students, ratings, site settings) may have changed: every instance drops its response cache. */
export const CLEAR_CACHE_ON_CHANGE = defineConsumer({
  name: 'clear-cache-on-change',
  events: ['course.published', 'course.content_changed', 'course.started', 'course.rated', 'settings.updated'],
  queue: QueueName.Maintenance,
});
