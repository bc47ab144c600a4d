import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, of, type Observable, switchMap, tap } from 'rxjs';
import { routePattern } from '../../../common/http/route-pattern';
import { ResponseCache } from './response-cache.service';

/** Public reads whose anonymous answers are the same for everyone. */
const CACHEABLE = new Set(['/api/courses', '/api/courses/:courseId', '/api/public-config']);
/** Writes that change what the cached reads show: every admin write and the course edit page's save. */
const INVALIDATING = [/^\/api\/admin\/(?!login$)/, /^\/api\/courses\/:courseId$/];

/**
 * Serves cacheable anonymous GETs from the response cache (header
 * `x-cache: HIT|MISS`, or `BYPASS` while the cache is off) and clears the
 * cache on every instance after a successful write that may change them.
 * Runs after the guard, so maintenance mode and auth still apply first.
 */
@Injectable()
export class ResponseCacheInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ResponseCacheInterceptor.name);

  constructor(private readonly cache: ResponseCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const path = routePattern(request);

    if (request.method === 'HEAD' || request.method === 'OPTIONS') return next.handle();
    if (request.method !== 'GET') {
      if (!INVALIDATING.some((re) => re.test(path))) return next.handle();
      return next.handle().pipe(
        tap(() => {
          this.cache
            .clearEverywhere(`${request.method} ${path}`)
            .catch((err: Error) => this.logger.warn(`Cache not cleared after ${request.method} ${path}: ${err.message}`));
        }),
      );
    }

    if (request.headers.authorization || !CACHEABLE.has(path)) return next.handle();
    return from(this.cache.enabled()).pipe(
      switchMap((enabled) => {
        if (!enabled) {
          reply.header('x-cache', 'BYPASS');
          return next.handle();
        }
        const key = request.url;
        const hit = this.cache.get(key);
        if (hit !== undefined) {
          reply.header('x-cache', 'HIT');
          return of(hit);
        }
        reply.header('x-cache', 'MISS');
        return next.handle().pipe(tap((body) => this.cache.set(key, body)));
      }),
    );
  }
}
