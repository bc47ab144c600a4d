import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider } from 'react-admin';
import { API_URL, apiJson, downloadFile, httpClient } from './http';
import { session } from './session';
import type {
  ActionResult,
  ActivityItem,
  AdminStats,
  Analytics,
  AnalyticsRange,
  Course,
  CourseSummary,
  FailedJob,
  Lesson,
  MediaFile,
  QueueCounts,
  SessionResult,
  Settings,
  SettingsSection,
  SystemStatus,
  UserSummary,
} from './types';

const filterQuery = (filter: object = {}) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

const base = simpleRestProvider(`${API_URL}/admin`, httpClient);

/** The whole course as the course edit page saves it (`POST /api/courses/{id}`). */
export interface CourseSaveBody {
  title: string;
  instructor: string;
  description: string;
  thumbnail: string;
  lessons: Lesson[];
}

/**
 * ra-data-simple-rest on `/api/admin` for the resources, plus the console's
 * other calls, so every screen reaches the API through useDataProvider().
 */
export const dataProvider = {
  ...base,

  getStats: () => apiJson<AdminStats>('/admin/stats'),
  getActivity: () => apiJson<{ items: ActivityItem[] }>('/admin/activity'),
  getSystemStatus: () => apiJson<SystemStatus>('/admin/system-status'),
  getAnalytics: (range: AnalyticsRange) => apiJson<Analytics>(`/admin/analytics?range=${encodeURIComponent(range)}`),

  getCourseSummary: (filter: object) => apiJson<CourseSummary>(`/admin/courses/summary?${filterQuery(filter)}`),
  getUserSummary: () => apiJson<UserSummary>('/admin/users/summary'),
  exportCsv: (resource: 'courses' | 'users', filter: object) =>
    downloadFile(`/admin/${resource}/export?${filterQuery(filter)}`, `${resource}.csv`),

  reorderLessons: (courseId: number, ids: number[]) =>
    apiJson<{ success: true }>(`/admin/courses/${courseId}/lesson-order`, { method: 'PUT', body: { ids } }),
  /** The course edit page's Save Course and autosave; an answer with success false rejects with its error. */
  async saveWholeCourse(id: number | string, body: CourseSaveBody): Promise<Course> {
    const result = await apiJson<{ success: boolean; course?: Course; error?: string; message?: string }>(`/courses/${id}`, {
      method: 'POST',
      body,
    });
    if (!result.success || !result.course) throw new HttpError(result.error ?? result.message ?? 'Save failed', 200, result);
    return result.course;
  },

  async uploadMedia(file: File): Promise<MediaFile> {
    const body = new FormData();
    body.append('file', file, file.name);
    const { json } = await httpClient(`${API_URL}/admin/media`, { method: 'POST', body });
    return json as MediaFile;
  },

  signOutEverywhere: (userId: string) =>
    apiJson<{ success: true }>(`/admin/users/${encodeURIComponent(userId)}/sign-out-everywhere`, { method: 'POST', body: {} }),

  refundPayment: (id: string, reason: string) =>
    apiJson<Record<string, unknown>>(`/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST', body: { reason } }),
  reconcilePayment: (id: string) =>
    apiJson<Record<string, unknown>>(`/admin/payments/${encodeURIComponent(id)}/reconcile`, { method: 'POST', body: {} }),

  getSettings: () => apiJson<Settings>('/admin/settings'),
  updateSettings: <S extends SettingsSection>(section: S, values: Partial<Settings[S]>) =>
    apiJson<Settings[S]>(`/admin/settings/${section}`, { method: 'PUT', body: values }),
  /** Changes the admin's own password; the server ends other sessions and answers with a new token we keep. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const result = await apiJson<SessionResult>('/auth/change-password', { method: 'POST', body: { currentPassword, newPassword } });
    session.replaceToken(result.token);
  },
  sendTestEmail: () => apiJson<ActionResult>('/admin/settings/test-email', { method: 'POST', body: {} }),
  startBackup: () => apiJson<ActionResult>('/admin/backups', { method: 'POST', body: {} }),
  downloadBackup: (url: string, name: string) => downloadFile(url.replace(/^\/api/, ''), name),
  clearCache: () => apiJson<ActionResult>('/admin/cache/clear', { method: 'POST', body: {} }),

  getQueues: () => apiJson<{ queues: QueueCounts[] }>('/admin/queues'),
  getFailedJobs: (queue: string) => apiJson<{ jobs: FailedJob[] }>(`/admin/queues/${encodeURIComponent(queue)}/failed`),
  retryJob: (queue: string, id: string) =>
    apiJson<{ success: true }>(`/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`, {
      method: 'POST',
      body: {},
    }),
  removeJob: (queue: string, id: string) =>
    apiJson<{ success: true }>(`/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
} satisfies DataProvider;

export type AdminDataProvider = typeof dataProvider;
