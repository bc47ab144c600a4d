import { queryOptions, skipToken } from '@tanstack/react-query';
import { checkResetLink, fetchMe } from './auth';
import { fetchAccount } from './account';
import { fetchAffiliateDashboard, fetchMyAffiliate } from './affiliates';
import { fetchCertificateVerification, fetchMyCertificates } from './certificates';
import { fetchCourse, fetchCourses, fetchLessonQuestions, fetchNextStep, fetchReviews } from './courses';
import {
  fetchAffiliatePrograms,
  fetchAutomations,
  fetchBots,
  fetchCloudFolders,
  fetchContent,
  fetchNotifications,
  fetchToolCategories,
  search,
} from './member';
import { fetchPreview } from './preview';
import { fetchLegalPage, type LegalPageName } from './legal';
import { fetchCurrencies, fetchPaymentStatus } from './payments';
import { fetchPublicConfig } from './site';
import type { ClaimProof, ContentQuery } from './types';

/**
 * Every query key of the learner app. The hooks that read, write or
 * invalidate a piece of server state take its key from here, so a reader and
 * the mutation that changes it cannot drift apart.
 */
export const queryKeys = {
  publicConfig: ['public-config'] as const,
  me: ['me'] as const,
  courses: ['courses'] as const,
  course: (courseId: number) => ['course', courseId] as const,
  reviews: (courseId: number) => ['course', courseId, 'reviews'] as const,
  quiz: (courseId: number, lessonId: number) => ['quiz', courseId, lessonId] as const,
  lessonQuestions: (courseId: number, lessonId: number) => ['questions', courseId, lessonId] as const,
  preview: (token: string) => ['preview', token] as const,
  previewQuiz: (token: string, lessonId: number) => ['preview', token, 'quiz', lessonId] as const,
  nextStep: ['next-step'] as const,
  account: ['account'] as const,
  myCertificates: ['certificates'] as const,
  myAffiliate: ['affiliate'] as const,
  affiliateDashboard: (days: number) => ['affiliate', 'dashboard', days] as const,
  certificate: (id: string) => ['certificate', id] as const,
  notifications: ['notifications'] as const,
  search: (q: string) => ['search', q] as const,
  paymentCurrencies: ['payment-currencies'] as const,
  resetLink: (token: string) => ['reset-link', token] as const,
  legalPages: ['legal-page'] as const,
  legalPage: (page: LegalPageName, language: string) => ['legal-page', page, language] as const,
  /** Whether the caller proves the purchase changes the answer (the email is only shown then), so it is part of the key. */
  paymentStatus: (paymentId: string | null, proven: boolean) => ['payment-status', paymentId, proven] as const,
  resources: {
    affiliatePrograms: ['resources', 'affiliate-programs'] as const,
    tools: ['resources', 'tools'] as const,
    automations: ['resources', 'automations'] as const,
    bots: ['resources', 'bots'] as const,
    cloudFolders: ['resources', 'cloud-folders'] as const,
    content: (query: ContentQuery) => ['resources', 'content', query] as const,
  },
};

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: fetchPublicConfig,
  staleTime: 5 * 60_000,
});

export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 5 * 60_000 });

/** The learner's affiliate record (null: never applied). */
export const myAffiliateQuery = queryOptions({ queryKey: queryKeys.myAffiliate, queryFn: () => fetchMyAffiliate().then((r) => r.affiliate) });

/** An approved affiliate's figures over the last `days` days (the server's rollups). */
export const affiliateDashboardQuery = (days: number) =>
  queryOptions({ queryKey: queryKeys.affiliateDashboard(days), queryFn: () => fetchAffiliateDashboard(days) });

export const myCertificatesQuery = queryOptions({ queryKey: queryKeys.myCertificates, queryFn: fetchMyCertificates });

export const certificateQuery = (id: string) => queryOptions({ queryKey: queryKeys.certificate(id), queryFn: () => fetchCertificateVerification(id) });

export const coursesQuery = queryOptions({ queryKey: queryKeys.courses, queryFn: fetchCourses });

export const courseQuery = (courseId: number) => queryOptions({ queryKey: queryKeys.course(courseId), queryFn: () => fetchCourse(courseId), staleTime: 0 });

export const reviewsQuery = (courseId: number) => queryOptions({ queryKey: queryKeys.reviews(courseId), queryFn: () => fetchReviews(courseId) });

/** A draft's preview: read again whenever the author comes back to the tab, so the latest saved draft shows. */
export const previewQuery = (token: string) => queryOptions({ queryKey: queryKeys.preview(token), queryFn: () => fetchPreview(token), staleTime: 0 });

export const lessonQuestionsQuery = (courseId: number, lessonId: number) =>
  queryOptions({ queryKey: queryKeys.lessonQuestions(courseId, lessonId), queryFn: () => fetchLessonQuestions(courseId, lessonId) });

export const nextStepQuery = queryOptions({ queryKey: queryKeys.nextStep, queryFn: fetchNextStep });

export const accountQuery = queryOptions({ queryKey: queryKeys.account, queryFn: fetchAccount });

export const notificationsQuery = queryOptions({ queryKey: queryKeys.notifications, queryFn: fetchNotifications });

export const searchQuery = (q: string) => queryOptions({ queryKey: queryKeys.search(q), queryFn: ({ signal }) => search(q, signal), staleTime: 60_000 });

export const paymentCurrenciesQuery = queryOptions({ queryKey: queryKeys.paymentCurrencies, queryFn: fetchCurrencies, staleTime: 10 * 60_000 });

/** Without a payment id there is nothing to ask (the query stays idle). */
export const paymentStatusQuery = (paymentId: string | null, proof: ClaimProof) =>
  queryOptions({
    queryKey: queryKeys.paymentStatus(paymentId, Boolean(proof.claimToken || proof.claimSecret)),
    queryFn: paymentId ? () => fetchPaymentStatus(paymentId, proof) : skipToken,
    staleTime: 0,
  });

export const affiliateProgramsQuery = queryOptions({ queryKey: queryKeys.resources.affiliatePrograms, queryFn: fetchAffiliatePrograms });

export const toolCategoriesQuery = queryOptions({ queryKey: queryKeys.resources.tools, queryFn: fetchToolCategories });

export const automationsQuery = queryOptions({ queryKey: queryKeys.resources.automations, queryFn: fetchAutomations });

export const botsQuery = queryOptions({ queryKey: queryKeys.resources.bots, queryFn: fetchBots });

export const cloudFoldersQuery = queryOptions({ queryKey: queryKeys.resources.cloudFolders, queryFn: fetchCloudFolders });

export const contentQuery = (query: ContentQuery) => queryOptions({ queryKey: queryKeys.resources.content(query), queryFn: () => fetchContent(query) });

/** A reset link checked once when opened (never retried or refreshed: using the link changes the answer). */
export const resetLinkQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.resetLink(token), queryFn: () => checkResetLink(token), retry: false, staleTime: Infinity, refetchOnWindowFocus: false });

/** A legal page in a language (the seller's text from the console, else the built-in one), as sanitised HTML. */
export const legalPageQuery = (page: LegalPageName, language: string) =>
  queryOptions({ queryKey: queryKeys.legalPage(page, language), queryFn: () => fetchLegalPage(page, language), staleTime: 5 * 60_000 });
