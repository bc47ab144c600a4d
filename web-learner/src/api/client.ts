import type { ApiAnswer, ApiCallArgs, ApiMethod, ApiPath } from '../../../backend/openapi';
import { endSession, getToken } from '../auth/session';
import { i18n } from '../i18n/i18n';
import { reportMaintenance } from './maintenance';

/** An answer of the API other than 2xx, in the single error shape of the contract. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors: Record<string, string>;
  readonly retryAfter?: number;

  constructor(status: number, message: string, options: { code?: string; errors?: Record<string, string>; retryAfter?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.errors = options.errors ?? {};
    this.retryAfter = options.retryAfter;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}

/**
 * Every call of the learner app goes through here: it sends the session
 * token and the interface language, turns errors into ApiError, ends the session on a 401 (the server is
 * the authority) and switches the app to the maintenance page on a 503 MAINTENANCE.
 */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server answers its messages, and a checkout keeps its buyer's language, in the language this page shows.
  if (i18n.locale) headers['X-Interface-Language'] = i18n.locale;

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const body: unknown = isJson ? await response.json().catch(() => null) : null;
  if (response.ok) return body as T;

  const { code, errors } = (body ?? {}) as { code?: string; errors?: Record<string, string> };
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  const error = new ApiError(response.status, messageOf(body, response.statusText || `Request failed (${response.status})`), {
    code,
    errors,
    retryAfter,
  });
  if (response.status === 401 && token) endSession();
  if (response.status === 503 && code === 'MAINTENANCE') reportMaintenance(error.message);
  throw error;
}

/**
 * A call of the API by its documented path (`/api/courses/{courseId}`): the
 * path parameters, query, body and answer are typed by backend/openapi.json,
 * so a field the API renames fails the typecheck here.
 */
export function api<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[options]: ApiCallArgs<M, P, { headers?: Record<string, string>; signal?: AbortSignal }>
): Promise<ApiAnswer<M, P>> {
  const params = (options?.path ?? {}) as Record<string, string | number>;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((options?.query ?? {}) as Record<string, unknown>)) if (value !== undefined) query.set(name, String(value));
  const search = query.toString();
  const url = `${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))}${search ? `?${search}` : ''}`;
  return apiRequest<ApiAnswer<M, P>>(url, {
    method: method.toUpperCase() as RequestOptions['method'],
    body: options?.body,
    headers: options?.headers,
    signal: options?.signal,
  });
}

/** The server's field message for `field`, else its message. */
export function errorText(error: unknown, field?: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return (field && error.errors[field]) || error.message;
}
