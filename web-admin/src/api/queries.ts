import { queryOptions } from '@tanstack/react-query';
import type { AdminDataProvider } from './dataProvider';
import type { AnalyticsRange, FunnelDimension } from './types';

/**
 * The keys of the console's own reads (react-admin keys its resource
 * queries itself). A page and the actions that refresh what it shows take
 * the key from here.
 */
export const queryKeys = {
  stats: ['admin-stats'] as const,
  activity: ['admin-activity'] as const,
  systemStatus: ['system-status'] as const,
  analytics: (range: AnalyticsRange) => ['admin-analytics', range] as const,
  funnel: (range: AnalyticsRange, dimension: FunnelDimension) => ['admin-funnel', range, dimension] as const,
  couponPerformance: ['admin-coupon-performance'] as const,
  settings: ['admin-settings'] as const,
  legalPages: ['admin-legal-pages'] as const,
  twoFactor: ['admin-two-factor'] as const,
  queues: ['admin-queues'] as const,
  mailDelivery: ['admin-mail-delivery'] as const,
  alerts: ['admin-alerts'] as const,
  /** Every page of one queue's failed jobs; add the page for one of them. */
  failedJobs: (queue: string) => ['admin-failed-jobs', queue] as const,
  /** Prefix of the user stat cards' query (the list total is added, so a change of the list refreshes them). */
  userSummary: ['users', 'summary'] as const,
  /** Prefix of the course tiles' query (the filter and the list total are added). */
  courseSummary: ['courses', 'summary'] as const,
  /** A course's draft against its published version (the course editor, the course page's chip). */
  courseDraft: (courseId: number) => ['course-draft', courseId] as const,
  courseRevisions: (courseId: number) => ['course-revisions', courseId] as const,
  pdfPreviewLink: (reference: string | null | undefined) => ['pdf-preview-link', reference] as const,
  /** react-admin's queries of the backups resource (useGetList('backups')) start with its name. */
  backups: ['backups'] as const,
  /** react-admin's queries of the dead-letters resource (useGetList('dead-letters')). */
  deadLetters: ['dead-letters'] as const,
  /** What each affiliate is owed, per currency. */
  affiliatesOwed: ['admin-affiliates-owed'] as const,
  /** react-admin's queries of the affiliate-payouts resource (the batches' List). */
  affiliatePayouts: ['affiliate-payouts'] as const,
  /** react-admin's queries of the mail-log resource (its List). */
  mailLog: ['mail-log'] as const,
  /** react-admin's queries of the api-keys resource (useGetList('api-keys')). */
  apiKeys: ['api-keys'] as const,
  /** The resources an API key can be given access to. */
  apiKeyResources: ['admin-api-key-resources'] as const,
  /** react-admin's queries of the webhooks resource (useGetList('webhooks')). */
  webhooks: ['webhooks'] as const,
  webhookEventTypes: ['admin-webhook-event-types'] as const,
  webhookDeliveries: (endpointId: string) => ['admin-webhook-deliveries', endpointId] as const,
};

/** The open system alerts, shown above every page of the console: read every 30 seconds. */
export const alertsQuery = (api: AdminDataProvider) => queryOptions({ queryKey: queryKeys.alerts, queryFn: () => api.getAlerts(), refetchInterval: 30_000 });

/** The server's health, read by the header badge and the overview panel alike (one request for both), every minute. */
export const systemStatusQuery = (api: AdminDataProvider) =>
  queryOptions({ queryKey: queryKeys.systemStatus, queryFn: () => api.getSystemStatus(), refetchInterval: 60_000 });
