import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { ApiBody } from '../../../backend/openapi';
import { API_URL, api, apiUrl, downloadFile, httpClient } from './http';
import { getPagedList, PAGED_RESOURCES } from './paging';
import { session } from './session';
import type {
  AffiliatePayoutRequest,
  ApiKeyCreateBody,
  ApiKeyRecord,
  ApiKeyResource,
  AnalyticsRange,
  Course,
  FunnelDimension,
  LegalLanguage,
  LegalPageName,
  MediaFile,
  NewApiKey,
  QueueName,
  Settings,
  SettingsSection,
  WebhookDelivery,
  WebhookEndpointBody,
  WebhookEndpointRecord,
  WebhookEventTypeCatalogue,
  WebhookSecret,
} from './types';

export type ExportableResource = 'courses' | 'users' | 'payments' | 'audit-log' | 'affiliates';

const base = simpleRestProvider(`${API_URL}/admin`, httpClient);

/** The whole course as the course edit page saves it (`POST /api/courses/{id}`). */
export type CourseSaveBody = ApiBody<'post', '/api/courses/{courseId}'>;

/**
 * ra-data-simple-rest on `/api/admin` for the resources, plus the console's
 * other calls, so every screen reaches the API through useDataProvider().
 */
export const dataProvider = {
  ...base,
  /** Users, payments and the audit log: estimated totals and keyset pages when large (see paging.ts); the rest as simple-rest does. */
  getList: (resource: string, params: Parameters<DataProvider['getList']>[1]) =>
    PAGED_RESOURCES.has(resource) ? getPagedList(resource, params) : base.getList(resource, params),

  getStats: () => api('get', '/api/admin/stats'),
  getActivity: () => api('get', '/api/admin/activity'),
  getSystemStatus: () => api('get', '/api/admin/system-status'),
  getAnalytics: (range: AnalyticsRange) => api('get', '/api/admin/analytics', { query: { range } }),
  getCouponPerformance: () => api('get', '/api/admin/coupons/performance'),
  /** Visits, checkouts, paid and refunded per source over the range, with the conversion rates (the funnel rollups). */
  getFunnel: (range: AnalyticsRange, dimension: FunnelDimension) => api('get', '/api/admin/analytics/funnel', { query: { range, dimension } }),
  /** The same table as CSV, as the server writes it (rates as percentages). */
  exportFunnelCsv: (range: AnalyticsRange, dimension: FunnelDimension) =>
    downloadFile(apiUrl('/admin/analytics/funnel.csv', {}, { range, dimension }), `funnel-${range}-${dimension}.csv`),

  getCourseSummary: (filter: object) => api('get', '/api/admin/courses/summary', { query: { filter: JSON.stringify(filter) } }),
  getUserSummary: () => api('get', '/api/admin/users/summary'),
  /** The server streams the CSV of the list's filter, in the list's sort order. */
  exportCsv: (resource: ExportableResource, filter: object, sort?: { field: string; order: string }) =>
    downloadFile(apiUrl(`/admin/${resource}/export`, {}, { filter, sort: sort ? [sort.field, sort.order] : undefined }), `${resource}.csv`),

  /** A short-lived link of this admin's own to preview an uploaded lesson PDF (paid files are never public). */
  getFilePreviewLink: (url: string) => api('post', '/api/admin/courses/file-preview-link', { body: { url } }).then((r) => r.url),

  reorderLessons: (courseId: number, ids: number[]) => api('put', '/api/admin/courses/{id}/lesson-order', { path: { id: courseId }, body: { ids } }),
  /** The course edit page's Save Course and autosave. */
  async saveWholeCourse(id: number | string, body: CourseSaveBody): Promise<Course> {
    const result = await api('post', '/api/courses/{courseId}', { path: { courseId: Number(id) }, body });
    return result.course;
  },

  async uploadMedia(file: File): Promise<MediaFile> {
    const body = new FormData();
    body.append('file', file, file.name);
    const { json } = await httpClient(`${API_URL}/admin/media`, { method: 'POST', body });
    return json as MediaFile;
  },

  signOutEverywhere: (userId: string) => api('post', '/api/admin/users/{id}/sign-out-everywhere', { path: { id: userId } }),

  refundPayment: (id: string, reason: string) => api('post', '/api/admin/payments/{id}/refund', { path: { id }, body: { reason } }),
  reconcilePayment: (id: string) => api('post', '/api/admin/payments/{id}/reconcile', { path: { id } }),
  /** The payment's invoice PDF, as its buyer gets it (paid or refunded payments). */
  downloadInvoice: (id: string, fallbackName: string) => downloadFile(apiUrl('/admin/payments/{id}/invoice', { id }), fallbackName),
  /** The credit note PDF of a refunded payment. */
  downloadCreditNote: (id: string, fallbackName: string) => downloadFile(apiUrl('/admin/payments/{id}/credit-note', { id }), fallbackName),
  declineRefundRequest: (id: string, reason: string) => api('post', '/api/admin/payments/{id}/refund-request/decline', { path: { id }, body: { reason } }),

  /** What each affiliate is owed now, per currency: payable commissions minus clawbacks. */
  getAffiliatesOwed: () => api('get', '/api/admin/affiliate-payouts/owed'),
  /** Marks the payable commissions of these affiliates in one currency as paid, in one batch. */
  payAffiliates: (payout: AffiliatePayoutRequest) => api('post', '/api/admin/affiliate-payouts', { body: payout }),
  /** A payout batch as CSV for the bank or a wallet list: name, email, payout method and details, currency, amount, reference. */
  exportAffiliatePayout: (id: string) => downloadFile(apiUrl('/admin/affiliate-payouts/{id}/export', { id }), `affiliate-payout-${id}.csv`),

  getTwoFactor: () => api('get', '/api/admin/two-factor'),
  /** Asks for the admin's password again before showing a new secret. */
  startTwoFactorSetup: (password: string) => api('post', '/api/admin/two-factor/setup', { body: { password } }),
  /** Turns it on; the server answers the recovery codes with a session that carries the second factor, which replaces ours. */
  async confirmTwoFactor(code: string): Promise<{ recoveryCodes: string[] }> {
    const result = await api('post', '/api/admin/two-factor/confirm', { body: { code } });
    session.replaceToken(result.token);
    session.setTiming(result.session);
    return { recoveryCodes: result.recoveryCodes ?? [] };
  },
  regenerateRecoveryCodes: (code: string) => api('post', '/api/admin/two-factor/recovery-codes', { body: { code } }),
  /** Needs the acting admin's password; the target's sessions end. */
  resetTwoFactor: (userId: string, password: string) => api('post', '/api/admin/users/{id}/two-factor/reset', { path: { id: userId }, body: { password } }),

  getSettings: () => api('get', '/api/admin/settings'),
  /** Saves one section; the server answers the whole section as it now stands. */
  updateSettings: <S extends SettingsSection>(section: S, values: Partial<Settings[S]>) =>
    api('put', '/api/admin/settings/{section}', { path: { section }, body: values as ApiBody<'put', '/api/admin/settings/{section}'> }) as Promise<Settings[S]>,
  /** Changes the admin's own password; the server ends other sessions and answers with a new token we keep. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const result = await api('post', '/api/auth/change-password', { body: { currentPassword, newPassword } });
    session.replaceToken(result.token);
  },
  sendTestEmail: () => api('post', '/api/admin/settings/test-email'),
  /** The terms, privacy and refund pages in every language (Settings > Legal pages). */
  getLegalPages: () => api('get', '/api/admin/legal-pages'),
  /** Saves a page's Markdown in one language; an empty text goes back to the built-in text. The server answers the page as stored. */
  saveLegalPage: (page: LegalPageName, language: LegalLanguage, markdown: string) =>
    api('put', '/api/admin/legal-pages/{page}/{language}', { path: { page, language }, body: { markdown } }),
  /** The sanitised HTML the learner site would show for this Markdown now (nothing saved). */
  previewLegalPage: (page: LegalPageName, language: LegalLanguage, markdown: string) =>
    api('post', '/api/admin/legal-pages/{page}/{language}/preview', { path: { page, language }, body: { markdown } }).then((r) => r.html),
  startBackup: () => api('post', '/api/admin/backups'),
  getBackup: (id: string) => api('get', '/api/admin/backups/{id}', { path: { id } }),
  downloadBackup: (url: string, name: string) => downloadFile(url.replace(/^\/api/, ''), name),
  clearCache: () => api('post', '/api/admin/cache/clear'),

  getQueues: () => api('get', '/api/admin/queues'),
  /** One page (0-based) of a queue's failed jobs and how many there are. */
  getFailedJobs: (queue: QueueName, page = 0, perPage = 25) =>
    api('get', '/api/admin/queues/{name}/failed', {
      path: { name: queue },
      query: { range: JSON.stringify([page * perPage, page * perPage + perPage - 1]) },
    }),
  /** Retries the given failed jobs of a queue, or all of them without ids. */
  retryFailedJobs: (queue: QueueName, ids?: string[]) =>
    api('post', '/api/admin/queues/{name}/failed/retry', { path: { name: queue }, body: ids ? { ids } : {} }),
  /** Delivers dead letters again: the given ones, or all of them without ids. */
  retryDeadLetters: (ids?: string[]) => api('post', '/api/admin/dead-letters/retry', { body: ids ? { ids } : {} }),
  /** Mail delivery: recent failures, the oldest unsent mail, the newest error. */
  getMailDelivery: () => api('get', '/api/admin/mail-delivery'),
  /** Sends failed or dead mails again: the given ones, or all of them without ids. */
  retryMails: (ids?: string[]) => api('post', '/api/admin/mail-log/retry', { body: ids ? { ids } : {} }),
  /** The open system alerts (a failing mail transport, dead letters, a failed backup). */
  getAlerts: () => api('get', '/api/admin/alerts').then((r) => r.alerts),
  dismissAlert: (id: string) => api('post', '/api/admin/alerts/{id}/dismiss', { path: { id } }),
  retryJob: (queue: QueueName, id: string) => api('post', '/api/admin/queues/{name}/jobs/{id}/retry', { path: { name: queue, id } }),
  removeJob: (queue: QueueName, id: string) => api('delete', '/api/admin/queues/{name}/jobs/{id}', { path: { name: queue, id } }),

  /** The resources a key can be given access to, in the catalogue's order (the keys themselves are the `api-keys` list). */
  getApiKeyResources: (): Promise<ApiKeyResource[]> => api('get', '/api/admin/api-keys/scopes').then((r) => r.resources),
  /** Creates a key: the answer carries the full key, which the server never sends again. */
  createApiKey: (body: ApiKeyCreateBody): Promise<NewApiKey> => api('post', '/api/admin/api-keys', { body }),
  /** Revokes a key at once (revoking it again answers the same revoked key). */
  revokeApiKey: (id: string): Promise<ApiKeyRecord> => api('delete', '/api/admin/api-keys/{id}', { path: { id } }),

  /** The event types a webhook endpoint may subscribe to, with what each means. */
  getWebhookEventTypes: (): Promise<WebhookEventTypeCatalogue> => api('get', '/api/admin/webhooks/event-types'),
  createWebhook: (body: WebhookEndpointBody): Promise<WebhookEndpointRecord> => api('post', '/api/admin/webhooks', { body }),
  updateWebhook: (id: string, body: Partial<WebhookEndpointBody> & { enabled?: boolean }): Promise<WebhookEndpointRecord> =>
    api('put', '/api/admin/webhooks/{id}', { path: { id }, body }),
  setWebhookEnabled: (id: string, enabled: boolean): Promise<WebhookEndpointRecord> =>
    enabled ? api('post', '/api/admin/webhooks/{id}/enable', { path: { id } }) : api('post', '/api/admin/webhooks/{id}/disable', { path: { id } }),
  /** The signing secret (and the previous one during a rotation); each reading is audited. */
  getWebhookSecret: (id: string): Promise<WebhookSecret> => api('get', '/api/admin/webhooks/{id}/secret', { path: { id } }),
  rotateWebhookSecret: (id: string): Promise<WebhookSecret> => api('post', '/api/admin/webhooks/{id}/rotate-secret', { path: { id } }),
  sendWebhookTest: (id: string): Promise<WebhookDelivery> => api('post', '/api/admin/webhooks/{id}/test', { path: { id } }),
  /** The newest deliveries of an endpoint, each with its attempts. */
  getWebhookDeliveries: (id: string): Promise<WebhookDelivery[]> =>
    api('get', '/api/admin/webhooks/{id}/deliveries', { path: { id }, query: { range: '[0,49]' } }),
  resendWebhookDelivery: (id: string, deliveryId: string): Promise<WebhookDelivery> =>
    api('post', '/api/admin/webhooks/{id}/deliveries/{deliveryId}/resend', { path: { id, deliveryId } }),
} satisfies DataProvider;

export type AdminDataProvider = typeof dataProvider;
