import { apiRequest } from './client';
import type {
  AffiliateProgram,
  Automation,
  Bot,
  CloudFolder,
  ContentPage,
  ContentQuery,
  NotificationList,
  SearchResult,
  ToolCategory,
} from './types';

type Items<T> = { items: T[] };

export const search = (q: string, signal?: AbortSignal) =>
  apiRequest<{ results: SearchResult[] }>(`/api/search?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.results);

export const fetchNotifications = () => apiRequest<NotificationList>('/api/notifications');

export const markNotificationsRead = () =>
  apiRequest<{ success: boolean; unread: number }>('/api/notifications/read', { method: 'POST', body: {} });

export const fetchAffiliatePrograms = () =>
  apiRequest<Items<AffiliateProgram>>('/api/resources/affiliate-programs').then((r) => r.items);

export const fetchToolCategories = () =>
  apiRequest<{ categories: ToolCategory[] }>('/api/resources/tools').then((r) => r.categories);

export const fetchAutomations = () => apiRequest<Items<Automation>>('/api/resources/automations').then((r) => r.items);

export const fetchBots = () => apiRequest<Items<Bot>>('/api/resources/bots').then((r) => r.items);

export const fetchCloudFolders = () => apiRequest<Items<CloudFolder>>('/api/resources/cloud-folders').then((r) => r.items);

export function fetchContent(query: ContentQuery): Promise<ContentPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.category !== 'all') params.set('category', query.category);
  if (query.type !== 'all') params.set('type', query.type);
  return apiRequest<ContentPage>(`/api/resources/content?${params}`);
}
