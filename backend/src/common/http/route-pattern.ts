import type { FastifyRequest } from 'fastify';

/**
 * The matched route's pattern (`/api/admin/users/:id`), not the raw URL: the
 * router decodes the path, so `/api/%61dmin/users` reaches the admin
 * controllers. Decisions about a route (who may call it, what it caches or
 * invalidates) are taken on the pattern so an encoded path cannot dodge them.
 */
export function routePattern(request: FastifyRequest): string {
  return request.routeOptions?.url ?? request.url.split('?')[0];
}
