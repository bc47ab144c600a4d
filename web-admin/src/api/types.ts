import type { Schemas } from '../../../backend/openapi';

/**
 * The API's shapes are generated from its OpenAPI document
 * (backend/openapi.d.ts, `npm run openapi`); these are the names the console
 * uses for them, and the view models it derives from them.
 */
export type Role = Schemas['UserRole'];
export type ApiUser = Schemas['SessionUser'];
export type SessionTiming = Schemas['SessionTiming'];
export type SessionResult = Schemas['SessionResult'];
export type TwoFactorChallenge = Schemas['TwoFactorChallenge'];
export type TwoFactorEnrolment = Schemas['TwoFactorEnrolment'];
export type TwoFactorStatus = Schemas['TwoFactorStatus'];
export type Me = Schemas['Me'];
export type PublicConfig = Schemas['PublicConfig'];
export type Change = Schemas['Change'];
export type AdminStats = Schemas['AdminStats'];
export type ActivityItem = Schemas['ActivityItem'];
export type QueueName = Schemas['QueueName'];
export type QueueCounts = Schemas['QueueCounts'];
export type SystemStatus = Schemas['SystemStatus'];
export type FailedJob = Schemas['FailedJobView'];
export type DeliveryCounts = Schemas['DeliveryCounts'];
export type DeadLetter = Schemas['DeadLetterView'];
export type MailLogEntry = Schemas['MailLogEntry'];
export type MailState = Schemas['MailState'];
export type MailDelivery = Schemas['MailDeliveryStatus'];
export type SystemAlert = Schemas['SystemAlertView'];
export type AnalyticsRange = Schemas['AnalyticsRange'];
export type Analytics = Schemas['Analytics'];
export type CurrencyRevenue = Schemas['CurrencyRevenue'];
export type CouponPerformance = Schemas['CouponPerformanceRow'];
export type Funnel = Schemas['Funnel'];
export type FunnelRow = Schemas['FunnelRow'];
export type FunnelDimension = Schemas['FunnelDimension'];
export type CourseSummary = Schemas['CourseSummary'];
export type UserSummary = Schemas['UserSummary'];
export type LessonType = Schemas['LessonType'];
export type MediaFile = Schemas['MediaFile'];
export type LegalPage = Schemas['AdminLegalPage'];
export type LegalPageName = Schemas['LegalPageName'];
export type LegalLanguage = LegalPage['language'];
export type Settings = Schemas['AllSettings'];
export type SettingsSection = Schemas['SettingsSection'];
export type Backup = Schemas['BackupView'];
export type RefundEligibility = Schemas['RefundEligibility'];
export type PaymentDetail = Schemas['AdminPaymentDetail'];

export type QuestionKind = 'single' | 'multiple' | 'true_false' | 'short';

/** A quiz question as the lesson editor holds it: a new question or choice has no id until the course is saved. */
export interface QuizQuestion {
  id?: string;
  kind: QuestionKind;
  prompt: string;
  options: Array<{ id?: string; text: string; correct: boolean }>;
  answer: boolean | null;
  acceptedAnswers: string[];
  explanation: string;
}

/** A quiz lesson's quiz with its answers (the console only). */
export interface Quiz {
  passMark: number;
  /** 0 = unlimited. */
  attemptsAllowed: number;
  shuffle: boolean;
  questions: QuizQuestion[];
}

/** A lesson as the course editor holds it: a new one has no id (nor course) until the course is saved, no quiz or release rule until set. */
export type Lesson = Omit<Schemas['AdminLessonView'], 'id' | 'courseId' | 'quiz' | 'dripDays' | 'availableFrom'> & {
  id?: number;
  courseId?: number;
  quiz?: Quiz | null;
  /** Drip: opens this many days after the learner's purchase. */
  dripDays?: number | null;
  /** Drip: opens at this moment (ISO). */
  availableFrom?: string | null;
};

/** A course as the console shows and edits it, with its lessons as the editor holds them. */
export type Course = Omit<Schemas['AdminCourseView'], 'lessons'> & { lessons: Lesson[] };

/**
 * The rows of the console's resources, as their list endpoints answer them:
 * what `useRecordContext<X>()`, `recordRepresentation` and field renderers
 * read, so a renamed API field breaks the screen's types, not the screen.
 */
export type UserRecord = Schemas['AdminUserView'];
export type PaymentRecord = Schemas['AdminPaymentView'];
export type CourseRecord = Schemas['AdminCourseView'];
export type CouponRecord = Schemas['AdminCoupon'];
export type CertificateRecord = Schemas['AdminCertificate'];
export type ReviewRecord = Schemas['AdminReviewView'];
export type SupportMessageRecord = Schemas['SupportMessageView'];
export type LessonQuestionRecord = Schemas['AdminLessonQuestion'];
export type BotRecord = Schemas['AdminBot'];
export type ToolRecord = Schemas['AdminTool'];
export type ToolCategoryRecord = Schemas['AdminToolCategory'];
export type ContentRecord = Schemas['AdminContentItem'];
export type AffiliateProgramRecord = Schemas['AdminAffiliateProgram'];
export type TestimonialRecord = Schemas['AdminTestimonial'];
export type CloudFolderRecord = Schemas['AdminCloudFolder'];
export type AutomationRecord = Schemas['AdminAutomationTemplate'];

/** The affiliate programme (issue 33): the grid's rows, what is owed, the payout batches. */
export type AffiliateRecord = Schemas['AdminAffiliate'];
export type AffiliateStatus = AffiliateRecord['status'];
export type CommissionType = NonNullable<AffiliateRecord['commissionType']>;
export type AffiliateUpdate = Schemas['AdminAffiliateUpdateDto'];
export type AffiliateOwed = Schemas['OwedAffiliate'];
export type AffiliatePayoutRequest = Schemas['PayoutDto'];
/** A currency sales are made in, and payouts with them. */
export type SaleCurrency = AffiliatePayoutRequest['currency'];
export type AffiliatePayoutRecord = Schemas['AffiliatePayout'];

/**
 * API keys (/api/admin/api-keys), as backend/openapi.d.ts describes them.
 * A key may read (`read`) or read and write (`write`) each resource it names.
 */
export type ApiKeyLevel = Schemas['ApiKeyView']['scopes'][string];
export type ApiKeyScopes = Schemas['ApiKeyView']['scopes'];
export type ApiKeyStatus = Schemas['ApiKeyView']['status'];
export type ApiKeyRecord = Schemas['ApiKeyView'];
/** The answer to a key's creation: the only time the full key (`secret`) is sent. */
export type NewApiKey = Schemas['CreatedApiKey'];
export type ApiKeyCreateBody = Schemas['CreateApiKeyDto'];
/** A resource of the admin API a key can be given access to (GET /api/admin/api-keys/scopes). */
export type ApiKeyResource = Schemas['ApiKeyResource'];

/** Outbound webhooks (/api/admin/webhooks), as backend/openapi.d.ts describes them. */
export type WebhookEndpointRecord = Schemas['WebhookEndpointView'];
export type WebhookEndpointBody = Schemas['CreateWebhookEndpointDto'];
export type WebhookEventType = Schemas['WebhookEventTypeView'];
export type WebhookEventTypeCatalogue = Schemas['WebhookEventTypeCatalogue'];
export type WebhookSecret = Schemas['WebhookSecretView'];
export type WebhookDelivery = Schemas['WebhookDeliveryView'];
export type WebhookAttempt = Schemas['WebhookAttemptView'];
