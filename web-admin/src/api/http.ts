import createClient, { type Middleware } from 'openapi-fetch';
import { fetchUtils, HttpError } from 'react-admin';
import type { ApiAnswer, ApiCallArgs, ApiMethod, ApiPath, paths } from '../../../backend/openapi';
import { session } from './session';

export const API_URL = '/api';

/** The headers every call of the console sends: JSON unless the caller asks otherwise, and the admin's bearer token when signed in. */
function withAdminHeaders(headers: Headers): Headers {
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = session.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** A non-2xx answer as react-admin's HttpError: the server's own message (`message`, else `error`) and its error body. */
function httpError(response: Response, body: unknown): HttpError {
  const json = body !== null && typeof body === 'object' ? (body as { message?: unknown; error?: unknown }) : undefined;
  const message = [json?.message, json?.error].find((text) => typeof text === 'string' && text !== '') as string | undefined;
  return new HttpError(message ?? response.statusText, response.status, json);
}

/** A query string as ra-data-simple-rest sends it: objects and arrays as JSON. */
function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

const adminSession: Middleware = {
  onRequest: ({ request }) => {
    withAdminHeaders(request.headers);
  },
};

/**
 * The typed client of backend/openapi.json (openapi-fetch over the generated
 * `paths`). The origin makes its URLs absolute, as a Request needs outside a
 * browser; fetch is looked up per call so a test's fake server sees it.
 */
const client = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? '',
  querySerializer: serializeQuery,
  fetch: (request) => globalThis.fetch(request),
});
client.use(adminSession);

/** JSON call to our API with the admin bearer token, for ra-data-simple-rest; a non-2xx answer rejects with an HttpError carrying the error body. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = withAdminHeaders(new Headers(options.headers ?? { Accept: 'application/json' }));
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/** A documented path with its parameters filled in and its query appended (objects and arrays as JSON, as simple-rest sends them). */
export function apiUrl(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const encoded = serializeQuery(query);
  return encoded ? `${filled}?${encoded}` : filled;
}

/**
 * A JSON call of the API by its documented path (`/api/admin/users/{id}`):
 * the path parameters, query, body and answer are typed by
 * backend/openapi.json, so a field the API renames fails the typecheck here.
 * A non-2xx answer rejects with an HttpError (see httpError).
 */
export async function api<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, ...[options]: ApiCallArgs<M, P>): Promise<ApiAnswer<M, P>> {
  const body = options?.body ?? (method === 'get' || method === 'delete' ? undefined : {});
  // The signature above types the call by the contract; openapi-fetch's own generics cannot follow a generic method and path.
  const call = client.request as (
    method: ApiMethod,
    path: string,
    init: { params: { path?: unknown; query?: unknown }; body?: unknown },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await call(method, path, { params: { path: options?.path, query: options?.query }, body });
  if (!response.ok) throw httpError(response, error);
  return data as ApiAnswer<M, P>;
}

/** Fetches a file with the bearer token (CSV exports, backups) and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const headers = withAdminHeaders(new Headers({ Accept: '*/*' }));
  const response = await fetch(`${API_URL}${path}`, { headers });
  if (!response.ok) throw httpError(response, await response.json().catch(() => null));
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

/** The server's errors per field of a refused form (`{ errors: { email: '...' } }`), to show on the fields; none for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  const errors: unknown = error instanceof HttpError ? error.body?.errors : undefined;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined;
}
