import type { EventType } from '../../events/event-catalogue';

/**
 * The domain events an endpoint may subscribe to (the public catalogue:
 * GET /api/admin/webhooks/event-types), each sent as `{ type, timestamp, data }`
 * with the event's payload as `data`. Internal events (IPN intake, sign-ins,
 * opened lessons) are not offered.
 */
export const WEBHOOK_EVENT_DESCRIPTIONS = {
  'payment.created': 'A checkout was started (not paid yet)',
  'payment.confirmed': 'A payment was confirmed: the buyer has lifetime access',
  'payment.failed': 'A payment failed or expired',
  'payment.refunded': 'A payment was refunded: its access was revoked',
  'refund.requested': 'A learner asked for a refund',
  'refund.declined': 'A refund request was declined',
  'account.created': 'A buyer created their account',
  'lesson.completed': 'A learner completed a lesson',
  'course.started': 'A learner started a course',
  'course.completed': 'A learner completed every lesson of a course',
  'certificate.issued': 'A certificate was issued for a completed course',
  'course.published': 'A course was published',
  'affiliate.applied': 'Someone applied to the affiliate programme',
  'affiliate.approved': 'An affiliate was approved',
  'commission.created': 'An affiliate earned a commission on a sale',
  'commission.approved': 'A commission passed its hold and is payable',
  'commission.reversed': 'A commission was reversed (the sale was refunded)',
  'affiliate.paid': 'An affiliate was paid',
} as const satisfies Partial<Record<EventType, string>>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_DESCRIPTIONS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_DESCRIPTIONS) as WebhookEventType[];

/** What "Send test event" sends (never a domain event). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const isWebhookEventType = (type: string): type is WebhookEventType => Object.hasOwn(WEBHOOK_EVENT_DESCRIPTIONS, type);
