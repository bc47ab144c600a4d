import createClient, { type ClientPathsWithMethod, type MethodResponse, type Middleware, type RequestBodyOption } from 'openapi-fetch';
import type { paths } from '../../../backend/openapi';
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

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('json');

async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = isJson(response) ? await response.json().catch(() => null) : null;
  const { code, errors } = (body ?? {}) as { code?: string; errors?: Record<string, string> };
  return new ApiError(response.status, messageOf(body, response.statusText || `Request failed (${response.status})`), {
    code,
    errors,
    retryAfter: Number(response.headers.get('retry-after')) || undefined,
  });
}

/**
 * What every call of the learner app shares: it sends the session token and
 * the interface language, turns errors into ApiError, ends the session on a
 * 401 (the server is the authority) and switches the app to the maintenance
 * page on a 503 MAINTENANCE.
 */
const session: Middleware = {
  onRequest({ request, options }) {
    if (options.parseAs === 'json') request.headers.set('Accept', 'application/json');
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // The server answers its messages, and a checkout keeps its buyer's language, in the language this page shows.
    if (i18n.locale) request.headers.set('X-Interface-Language', i18n.locale);
    return request;
  },
  async onResponse({ request, response, options }) {
    if (!response.ok) {
      const error = await apiErrorOf(response);
      if (response.status === 401 && request.headers.has('Authorization')) endSession();
      if (response.status === 503 && error.code === 'MAINTENANCE') reportMaintenance(error.message);
      throw error;
    }
    // A success without JSON (an empty answer) reads as no body rather than failing to parse.
    if (options.parseAs === 'json' && !isJson(response) && response.status !== 204)
      return new Response(null, { status: response.status, headers: { 'Content-Length': '0' } });
    return undefined;
  },
};

/**
 * The one client of the API, typed by its contract (backend/openapi.d.ts,
 * generated from backend/openapi.json): a path, parameter or field the API
 * renames fails the typecheck of its caller. Requests are made against the
 * page's origin, and `fetch` is looked up per call (tests answer it with msw).
 */
const client = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  fetch: (request) => fetch(request),
});
client.use(session);

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The documented paths that have an operation for this method. */
type ApiPath<M extends Method> = ClientPathsWithMethod<typeof client, M>;
type Operation<M extends Method, P extends ApiPath<M>> = paths[P][M];
type ParamsOf<O> = O extends { parameters: infer X } ? X : never;
/** A call's path parameters and query (as the contract names them), its JSON body, and what the app adds per call. */
type CallOptions<O> = Pick<ParamsOf<O>, Extract<'path' | 'query', keyof ParamsOf<O>>> &
  RequestBodyOption<O> & { headers?: Record<string, string>; signal?: AbortSignal };

/**
 * A call of the API by its documented path (`/api/courses/{courseId}`): the
 * path parameters, query, body and answer are typed by the contract. The
 * options may be left out only when the operation needs none.
 */
export async function api<M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[options]: object extends CallOptions<Operation<M, P>> ? [CallOptions<Operation<M, P>>?] : [CallOptions<Operation<M, P>>]
): Promise<MethodResponse<typeof client, M, P>> {
  const { path: pathParams, query, ...init } = (options ?? {}) as { path?: object; query?: object };
  const request = client.request as (method: Method, path: string, init: object) => Promise<{ data?: unknown }>;
  const { data } = await request(method, path, { ...init, params: { path: pathParams, query } });
  return data as MethodResponse<typeof client, M, P>;
}

/** The documented paths whose GET answers a PDF. */
type FilePath = { [P in keyof paths]: paths[P]['get'] extends { responses: { 200: { content: { 'application/pdf': unknown } } } } ? P : never }[keyof paths];

/**
 * A file the API answers (a plain link could not carry the session token), with the name the server gives it
 * or `fallbackName`; `failure` is said when it cannot be had (in the reader's language).
 */
export async function apiFile<P extends FilePath>(
  path: P,
  params: ParamsOf<paths[P]['get']>['path'],
  { failure, fallbackName }: { failure: string; fallbackName: string },
): Promise<{ blob: Blob; filename: string }> {
  const request = client.GET as (path: string, init: object) => Promise<{ data?: Blob; response: Response }>;
  const { data, response } = await request(path, { params: { path: params }, parseAs: 'blob' }).catch((error: unknown) => {
    throw error instanceof ApiError ? new ApiError(error.status, failure, { code: error.code, retryAfter: error.retryAfter }) : error;
  });
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: data ?? new Blob(), filename };
}

/** The server's field message for `field`, else its message. */
export function errorText(error: unknown, field?: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return (field && error.errors[field]) || error.message;
}
