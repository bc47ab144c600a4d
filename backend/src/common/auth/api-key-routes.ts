/**
 * Which admin routes an API key may call, and as what resource (issue 34).
 * The auth guard (on the matched route pattern, `/api/admin/users/:id`) and
 * the OpenAPI document (`/api/admin/users/{id}`) both ask here, so the
 * document lists the key as an alternative exactly where the guard takes it.
 */

/** Every API key's text starts with this: `cpk_<keyId>_<secret>`. */
export const API_KEY_PREFIX = 'cpk_';

export type ApiKeyAccess = 'read' | 'write';

/** First path segments under /api/admin/ a key never reaches: the keys themselves (a key cannot mint keys) and the admin's own sign-in and session. */
const NEVER = new Set(['api-keys', 'login', 'session', 'two-factor']);

const ADMIN_PATH = /^\/api\/admin\/([a-z0-9][a-z0-9-]*)(?:\/|$)/;

/**
 * The resource of an admin route an API key may be used on (its first path
 * segment after /api/admin/), or null when no key may be: outside the admin
 * API, the key routes, and the sign-in, session and two-factor routes
 * (any route with a `two-factor` segment, another admin's reset included).
 * Only meaningful for @AdminOnly() routes: the guard checks that too.
 */
export function apiKeyResource(path: string): string | null {
  const match = ADMIN_PATH.exec(path);
  if (!match || NEVER.has(match[1])) return null;
  if (path.split('/').includes('two-factor')) return null;
  return match[1];
}

/** What a request needs of a key: GET and HEAD read; anything else writes. */
export function accessOfMethod(method: string): ApiKeyAccess {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' ? 'read' : 'write';
}

/** The label the console shows for a resource: `audit-log` → `Audit log`. */
export function resourceLabel(resource: string): string {
  const words = resource.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
