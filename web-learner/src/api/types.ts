import type { Schemas } from '../../../backend/openapi';

/**
 * The API's shapes are generated from its OpenAPI document
 * (backend/openapi.d.ts, `npm run openapi`); these are the names the app
 * uses for them, and the view models it derives from them.
 */
export type PublicConfig = Schemas['PublicConfig'];
export type PublicCurrency = Schemas['OfferedCurrency'];
export type SupportContact = Schemas['SupportContact'];
export type Testimonial = Schemas['TestimonialView'];
export type LessonPost = Schemas['LessonPost'];
export type LessonQuestion = Schemas['LessonQuestion'];
export type User = Schemas['SessionUser'];
export type UserPlan = Schemas['UserPlan'];
export type SessionAnswer = Schemas['SessionResult'];
export type MessageAnswer = Schemas['MessageResult'];
export type CreateAccountAnswer = Schemas['SessionResult'] | Schemas['PurchaseAddedToAccount'];
export type Currency = Schemas['CurrencyName'];
export type CreatePaymentRequest = Schemas['CreatePaymentDto'];
export type CountryCode = Schemas['CountryCode'];
export type CreatePaymentAnswer = Schemas['CheckoutStarted'];
export type PaymentState = Schemas['PaymentState'];
export type PaymentStatus = Schemas['PublicPaymentStatus'];
export type PaymentMethod = 'crypto' | 'card' | 'paypal';
export type PriceQuote = Schemas['PriceQuote'];
export type PayInstructions = Schemas['PayInstructionsView'];
export type LessonType = Schemas['LessonType'];
export type CourseSummary = Schemas['CourseListItem'];
export type CompletionAnswer = Schemas['CompletionAnswer'];
export type RatingAnswer = Schemas['RatingAnswer'];
export type CourseReview = Schemas['PublicReview'];
export type NextStep = Schemas['NextStep'];
export type LearnerQuiz = Schemas['LearnerQuiz'];
export type QuizQuestionForLearner = Schemas['LearnerQuizQuestion'];
export type QuizAnswer = Schemas['QuizAnswerDto'];
export type QuizAttemptResult = Schemas['QuizAttemptResult'];
export type QuizSubmission = Schemas['QuizSubmission'];
export type AccountProfile = Schemas['AccountProfile'];
export type Purchase = Schemas['Purchase'];
export type Account = Schemas['AccountPage'];
export type SearchResult = Schemas['SearchResult'];
export type NotificationList = Schemas['NotificationList'];
export type AffiliateProgram = Schemas['AffiliateProgramView'];
/** The learner's own affiliate programme (issue 33). */
export type AffiliateSelf = Schemas['AffiliateSelf'];
export type AffiliateApplication = Schemas['ApplyDto'];
export type PayoutDetails = Schemas['PayoutDetailsDto'];
export type PayoutMethod = AffiliateSelf['payoutMethod'];
export type AffiliateDashboard = Schemas['AffiliateDashboard'];
export type CommissionTotals = Schemas['CommissionCurrencyTotals'];
export type ReferralVisit = Schemas['ReferralVisitDto'];
export type Tool = Schemas['ToolView'];
export type ToolCategory = Schemas['ToolCategoryView'];
export type Automation = Schemas['AutomationView'];
export type Bot = Schemas['BotView'];
export type CloudFolder = Schemas['CloudFolderView'];
export type ContentItem = Schemas['ContentItemView'];
export type ContentPage = Schemas['ContentPage'];

/**
 * A lesson as the viewer handles it: the outline everyone gets, and the
 * content, addresses and progress that come only with access.
 */
export type Lesson = Schemas['LessonOutline'] & Partial<Omit<Schemas['LessonView'], keyof Schemas['LessonOutline']>>;

/** A course as the viewer handles it (its lessons full or outline only, see Lesson). */
export type Course = Omit<Schemas['CourseView'], 'lessons'> & { lessons: Lesson[] };

/** A course's draft as its author previews it in the learner viewer (GET /api/preview/{token}), with when the link expires. */
export interface CoursePreview {
  course: Course;
  preview: Schemas['PreviewInfo'];
}

/** Proof that the caller bought the payment: the checkout's secret (same browser) or the emailed link's token. */
export interface ClaimProof {
  claimSecret?: string;
  claimToken?: string;
}

/** The Content Database's search box, selects and page ('all' leaves a select out of the query). */
export interface ContentQuery {
  q: string;
  category: string;
  type: string;
  page: number;
  pageSize: number;
}
