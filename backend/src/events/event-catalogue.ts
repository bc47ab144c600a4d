/**
 * The domain events of the product: past-tense facts with dotted names.
 * Payloads carry what consumers (and the admin's Recent Activity) need,
 * so no consumer reads another module's tables.
 */
export interface EventPayloads {
  /** Internal: a provider notification was stored and awaits processing. */
  'payment.ipn_received': { paymentEventId: string; provider: string };
  'payment.created': { paymentId: string; email: string; amount: string; currency: string; payCurrency: string; provider: string };
  'payment.confirmed': { paymentId: string; email: string; amount: string; currency: string; provider: string };
  'payment.failed': { paymentId: string; email: string; state: string };
  'payment.refunded': { paymentId: string; email: string; amount: string; currency: string; reason: string; userId: string | null };
  'account.created': { userId: string; email: string; name: string; paymentId: string | null };
  'user.logged_in': { userId: string; email: string; name: string; role: string };
  'lesson.completed': { userId: string; userName: string; courseId: number; courseTitle: string; lessonId: number; lessonTitle: string };
  'course.completed': { userId: string; userName: string; courseId: number; courseTitle: string };
  /** A learner opened a course for the first time (a student of it); `price` is the course's list price then. */
  'course.started': { userId: string; userName: string; courseId: number; courseTitle: string; price: string };
  'course.rated': { userId: string; userName: string; courseId: number; courseTitle: string; stars: number };
  'course.published': { courseId: number; title: string; actorId: string | null };
  'course.content_changed': { courseId: number; title: string; actorId: string | null };
  'user.created': { userId: string; email: string; name: string; role: string; actorId: string | null };
  'user.updated': { userId: string; email: string; name: string; changed: string[]; actorId: string | null };
  'user.deleted': { userId: string; email: string; name: string; actorId: string | null };
  'settings.updated': { section: string; keys: string[]; actorId: string | null };
}

export type EventType = keyof EventPayloads;

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  aggregateType: string;
  aggregateId: string;
  payload: EventPayloads[T];
}

export interface EventAggregate {
  type: string;
  id: string | number;
}
