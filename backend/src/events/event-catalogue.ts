/** The source of a checkout, as the funnel counts it: the affiliate (by code), the campaign, the referring site and the coupon. */
export interface CheckoutSource {
  affiliateCode: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerDomain: string | null;
  couponCode: string | null;
}

/**
 * The domain events of the product: past-tense facts with dotted names.
 * Payloads carry what consumers (and the admin's Recent Activity) need,
 * so no consumer reads another module's tables.
 */
export interface EventPayloads {
  /** Internal: a provider notification was stored and awaits processing. */
  'payment.ipn_received': { paymentEventId: string; provider: string };
  'payment.created': {
    paymentId: string;
    email: string;
    amount: string;
    currency: string;
    payCurrency: string;
    provider: string;
    /** Where the checkout came from (the attribution stored with it, and its coupon); null: nothing known. Absent on events recorded before it was added. */
    source?: CheckoutSource | null;
  };
  'payment.confirmed': { paymentId: string; email: string; amount: string; currency: string; provider: string };
  'payment.failed': { paymentId: string; email: string; state: string };
  'payment.refunded': {
    paymentId: string;
    email: string;
    amount: string;
    currency: string;
    reason: string;
    userId: string | null;
    /** When the refunded payment was paid: revenue is paid minus refunded by payment date, so the refund comes off that day. */
    paidAt?: string | null;
  };
  'account.created': { userId: string; email: string; name: string; paymentId: string | null };
  /** `portal`: where the sign-in happened (absent on events recorded before it was added). */
  'user.logged_in': { userId: string; email: string; name: string; role: string; portal?: 'learner' | 'admin' };
  'lesson.completed': { userId: string; userName: string; courseId: number; courseTitle: string; lessonId: number; lessonTitle: string };
  /** A learner submitted a quiz lesson's answers; graded on the server (`score` in percent). */
  'quiz.attempted': {
    userId: string;
    userName: string;
    courseId: number;
    courseTitle: string;
    lessonId: number;
    lessonTitle: string;
    attemptId: string;
    attemptNumber: number;
    score: number;
    passed: boolean;
  };
  /** An instructor first answered a learner's question under a lesson: the asker is told (bell and email). */
  'question.answered': {
    questionId: string;
    askerId: string;
    courseId: number;
    courseTitle: string;
    lessonId: number;
    lessonTitle: string;
    answer: string;
  };
  /** Dripped lessons opened for a learner since the previous daily digest (`day` in the site's timezone): one digest email lists them. */
  'lessons.opened': {
    userId: string;
    day: string;
    lessons: Array<{ courseId: number; courseTitle: string; lessonId: number; lessonTitle: string; openedAt: string }>;
  };
  /** A certificate of completion was issued (once per learner and course; a re-issue is not a new one). */
  'certificate.issued': { certificateId: string; userId: string; userName: string; courseId: number; courseTitle: string };
  'course.completed': { userId: string; userName: string; courseId: number; courseTitle: string };
  /** A learner opened a course for the first time (a student of it); `price` is the course's list price then. */
  'course.started': { userId: string; userName: string; courseId: number; courseTitle: string; price: string };
  'course.rated': { userId: string; userName: string; courseId: number; courseTitle: string; stars: number };
  /**
   * A course went live (its first publish: `firstPublish`, or absent on events from before drafts) or a
   * draft was published into it: one event per publish, with its revision and what changed; `notify`
   * when the author asked to tell enrolled learners.
   */
  'course.published': {
    courseId: number;
    title: string;
    actorId: string | null;
    revision?: number;
    firstPublish?: boolean;
    notify?: boolean;
    changes?: { fields: string[]; lessons: Array<{ lessonId: number; title: string; kind: 'added' | 'removed' | 'changed' | 'moved' }> };
  };
  'course.content_changed': { courseId: number; title: string; actorId: string | null };
  'user.created': { userId: string; email: string; name: string; role: string; actorId: string | null; invited?: boolean };
  'user.updated': { userId: string; email: string; name: string; changed: string[]; actorId: string | null };
  'user.deleted': { userId: string; email: string; name: string; actorId: string | null };
  'settings.updated': { section: string; keys: string[]; actorId: string | null };
  /** A paid payment still unclaimed a day later: the buyer is reminded to finish the account (once). */
  'payment.claim_reminder_due': { paymentId: string; email: string };
  /** A learner asked for a refund that the policy allows; an admin confirms it. */
  'refund.requested': { requestId: string; paymentId: string; userId: string; email: string; name: string; reason: string };
  /** An admin declined a learner's refund request; the buyer is emailed the reason (at the account's current address). */
  'refund.declined': { requestId: string; paymentId: string; userId: string | null; amount: string; currency: string; reason: string };
  /** A learner asked to change the account email; the link goes to the new address. */
  'account.email_change_requested': { userId: string; name: string; newEmail: string };
  'account.email_changed': { userId: string; previousEmail: string; email: string };
  /** The learner deleted the account: personal data anonymised, payments kept. No personal data in the payload. */
  'account.deleted': { userId: string };
  'support.message_received': { messageId: string; userId: string | null; name: string; email: string; subject: string; message: string };
  /** A learner applied to the affiliate programme; an admin decides. */
  'affiliate.applied': { affiliateId: string; userId: string | null; name: string; email: string };
  /** An admin approved an affiliate (or reinstated a suspended one): the referral link and coupon now attribute sales. */
  'affiliate.approved': { affiliateId: string; userId: string | null; email: string; actorId: string | null };
  /** A referred sale earned a commission (pending until `payableAt`). No buyer personal data. */
  'commission.created': { commissionId: string; affiliateId: string; paymentId: string; amount: string; currency: string; payableAt: string };
  /** A pending commission passed its hold (payable from `payableAt`, not reversed, in no payout yet): the affiliate is told, once. */
  'commission.approved': { commissionId: string; affiliateId: string; paymentId: string; amount: string; currency: string; payableAt: string };
  /** A refund cancelled an unpaid commission (`kind` commission), or clawed back a paid one (`kind` clawback, a negative line). */
  'commission.reversed': { commissionId: string; affiliateId: string; paymentId: string; amount: string; currency: string; kind: 'commission' | 'clawback' };
  /** An admin marked a payout batch paid: one event per affiliate in it. */
  'affiliate.paid': { payoutId: string; affiliateId: string; amount: string; currency: string; reference: string };
  'review.hidden': { userId: string; courseId: number; hidden: boolean; actorId: string | null };
  // issue 34: recovery
  /** An abandoned checkout's reminder (1, or 2 a day later) is due: the buyer is mailed a link that resumes it. No buyer personal data. */
  'checkout.recovery_reminder_due': { paymentId: string; reminder: 1 | 2; currency: string };
  /** A reminder's link resumed an abandoned checkout as a new one (`paymentId`): its invoice had expired, or the recovery coupon was applied. */
  'checkout.resumed': { paymentId: string; resumedFrom: string; currency: string };
}

export type EventType = keyof EventPayloads;

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  aggregateType: string;
  aggregateId: string;
  payload: EventPayloads[T];
  /** The database the event belongs to (redis/redis-namespace.ts); set when it is enqueued. */
  origin?: string;
  /** W3C traceparent of the span that wrote the event, when traced: its consumers' spans join that trace. */
  traceparent?: string;
}

/** An envelope of any one of `T`, discriminated by `type` (for consumers of several events). */
export type AnyEnvelope<T extends EventType = EventType> = T extends EventType ? EventEnvelope<T> : never;

export interface EventAggregate {
  type: string;
  id: string | number;
}
