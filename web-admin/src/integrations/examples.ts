import type { ApiPath } from '../../../backend/openapi';
import type { ApiKeyLevel, ApiKeyResource, ApiKeyScopes } from '../api/types';

/**
 * The admin API's lists (ra-data-simple-rest: `?range=[first,last]`, a
 * Content-Range header), as documented by backend/openapi.d.ts: a path the
 * API drops fails the typecheck here. An example call reads one of them.
 */
const LIST_PATHS = [
  '/api/admin/users',
  '/api/admin/courses',
  '/api/admin/payments',
  '/api/admin/coupons',
  '/api/admin/affiliates',
  '/api/admin/affiliate-payouts',
  '/api/admin/affiliate-programs',
  '/api/admin/audit-log',
  '/api/admin/mail-log',
  '/api/admin/support-messages',
  '/api/admin/reviews',
  '/api/admin/certificates',
  '/api/admin/lesson-questions',
  '/api/admin/backups',
  '/api/admin/dead-letters',
  '/api/admin/automations',
  '/api/admin/bots',
  '/api/admin/cloud-folders',
  '/api/admin/content',
  '/api/admin/testimonials',
  '/api/admin/tool-categories',
  '/api/admin/tools',
] as const satisfies readonly ApiPath<'get'>[];

const ADMIN_API = '/api/admin/';
/** The first ten records, as `range=[0,9]` encoded (curl would read unencoded brackets as a URL pattern). */
const FIRST_PAGE = `range=${encodeURIComponent('[0,9]')}`;

export const LEVEL_LABELS: Record<ApiKeyLevel, string> = { read: 'Read', write: 'Read & write' };

/** The resources a key may use, grouped by level in the catalogue's order: "Read & write: Courses · Read: Users, Payments". */
export function scopesSummary(scopes: ApiKeyScopes, catalogue: ApiKeyResource[] = []): string {
  const order = catalogue.map((r) => r.resource);
  const rank = (resource: string) => (order.includes(resource) ? order.indexOf(resource) : order.length);
  const label = (resource: string) => catalogue.find((r) => r.resource === resource)?.label ?? resource;
  const named = Object.keys(scopes).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return (['write', 'read'] as const)
    .map((level) => [level, named.filter((resource) => scopes[resource] === level).map(label)] as const)
    .filter(([, resources]) => resources.length > 0)
    .map(([level, resources]) => `${LEVEL_LABELS[level]}: ${resources.join(', ')}`)
    .join(' · ');
}

/**
 * A read the key may make, as a full URL: the list of users when it may read
 * users, else the first list among its resources (catalogue order), else the
 * first of its resources. Any scope reads (write implies read).
 */
export function exampleReadUrl(origin: string, scopes: ApiKeyScopes, catalogue: ApiKeyResource[] = []): string {
  const order = catalogue.map((r) => r.resource);
  const resources = Object.keys(scopes).sort((a, b) => (a === 'users' ? -1 : b === 'users' ? 1 : 0) || order.indexOf(a) - order.indexOf(b));
  const listed = resources.find((resource) => (LIST_PATHS as readonly string[]).includes(`${ADMIN_API}${resource}`));
  if (listed) return `${origin}${ADMIN_API}${listed}?${FIRST_PAGE}`;
  return `${origin}${ADMIN_API}${resources[0] ?? 'users'}`;
}

export function curlExample(secret: string, url: string): string {
  return `curl -H "Authorization: Bearer ${secret}" "${url}"`;
}

export function nodeExample(secret: string, url: string): string {
  return [
    `const response = await fetch('${url}', {`,
    `  headers: { Authorization: 'Bearer ${secret}' },`,
    '});',
    'if (!response.ok) throw new Error(`${response.status}: ${(await response.json()).message}`);',
    "console.log(response.headers.get('Content-Range'), await response.json());",
  ].join('\n');
}
