import { fetchUtils, HttpError } from 'react-admin';
import type { ApiAnswer, ApiCallArgs, ApiMethod, ApiPath } from '../../../backend/openapi';
import { session } from './session';

export const API_URL = '/api';

/** JSON call to our API with the admin bearer token; a non-2xx answer rejects with an HttpError carrying the error body. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = session.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/** A documented path with its parameters filled in and its query appended (objects and arrays as JSON, as simple-rest sends them). */
export function apiUrl(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const encoded = search.toString();
  return encoded ? `${filled}?${encoded}` : filled;
}

/**
 * A JSON call of the API by its documented path (`/api/admin/users/{id}`):
 * the path parameters, query, body and answer are typed by
 * backend/openapi.json, so a field the API renames fails the typecheck here.
 */
export async function api<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, ...[options]: ApiCallArgs<M, P>): Promise<ApiAnswer<M, P>> {
  const url = apiUrl(path, options?.path as Record<string, unknown> | undefined, options?.query as Record<string, unknown> | undefined);
  const body = options?.body ?? (method === 'get' || method === 'delete' ? undefined : {});
  const { json } = await httpClient(url, { method: method.toUpperCase(), body: body === undefined ? undefined : JSON.stringify(body) });
  return json as ApiAnswer<M, P>;
}

/** Fetches a file with the bearer token (CSV exports, backups) and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const headers = new Headers();
  const token = session.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_URL}${path}`, { headers });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new HttpError(body?.message ?? response.statusText, response.status, body);
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName);
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function fileNameFrom(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Whether a failed call got an HTTP answer (an HttpError with a status), rather than throwing before one arrived. */
export function answeredByServer(error: unknown): boolean {
  return error instanceof HttpError && error.status > 0;
}

/** The message to show for a failed call: the server's own text when it sent one. */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof HttpError) return error.body?.message ?? error.body?.error ?? error.message ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
