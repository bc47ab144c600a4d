import { api } from './client';
import type { ContentPage, ContentQuery } from './types';

export const search = (q: string, signal?: AbortSignal) => api('get', '/api/search', { query: { q }, signal }).then((r) => r.results);

export const fetchNotifications = () => api('get', '/api/notifications');

export const markNotificationsRead = () => api('post', '/api/notifications/read');

export const fetchAffiliatePrograms = () => api('get', '/api/resources/affiliate-programs').then((r) => r.items);

export const fetchToolCategories = () => api('get', '/api/resources/tools').then((r) => r.categories);

export const fetchAutomations = () => api('get', '/api/resources/automations').then((r) => r.items);

export const fetchBots = () => api('get', '/api/resources/bots').then((r) => r.items);

export const fetchCloudFolders = () => api('get', '/api/resources/cloud-folders').then((r) => r.items);

export function fetchContent(query: ContentQuery): Promise<ContentPage> {
  return api('get', '/api/resources/content', {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      q: query.q.trim() || undefined,
      category: query.category === 'all' ? undefined : (query.category as ContentPage['items'][number]['category']),
      type: query.type === 'all' ? undefined : (query.type as ContentPage['items'][number]['type']),
    },
  });
}
