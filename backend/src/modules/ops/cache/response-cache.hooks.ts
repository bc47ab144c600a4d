import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePattern } from '../../../common/http/route-pattern';
import { ResponseCache } from './response-cache.service';

/** Public reads whose anonymous answers are the same for everyone. */
const CACHEABLE = new Set(['/api/courses', '/api/courses/:courseId', '/api/public-config']);
/** Writes that change what the cached reads show: every admin write and the course edit page's save. */
const INVALIDATING = [/^\/api\/admin\/(?!login$)/, /^\/api\/courses\/:courseId$/];

/** The anonymous reads answered by the route this time, to keep when they succeed (keyed by their URL). */
const toStore = new WeakMap<FastifyRequest, string>();

/**
 * The response cache at the HTTP layer: cacheable anonymous GETs are answered
 * from it (header `x-cache: HIT|MISS`, or `BYPASS` while the cache is off or
 * the site is in maintenance), and a successful write that may change them
 * clears it on every instance. Fastify hooks rather than a Nest interceptor:
 * with no interceptor at all, Nest calls every route's handler directly,
 * without an rxjs pipeline per request (about a tenth of a public read's CPU).
 *
 * Only requests without credentials are cached, and only on @Public() routes
 * (the three above), so nothing the guard decides is skipped by a hit; during
 * maintenance the guard answers and nothing is cached.
 */
export function registerResponseCache(fastify: FastifyInstance, cache: ResponseCache): void {
  const logger = new Logger('ResponseCache');

  const answer = (state: { enabled: boolean; maintenance: boolean }, request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!state.enabled || state.maintenance) {
      void reply.header('x-cache', 'BYPASS');
      return done();
    }
    const hit = cache.get(request.url);
    if (hit !== undefined) {
      // Answered here: the route is not run (done is not called).
      void reply.header('x-cache', 'HIT').send(hit);
      return;
    }
    void reply.header('x-cache', 'MISS');
    toStore.set(request, request.url);
    done();
  };

  fastify.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers.authorization || !CACHEABLE.has(routePattern(request))) return done();
    const state = cache.stateNow();
    if (state) return answer(state, request, reply, done);
    cache.state().then(
      (read) => answer(read, request, reply, done),
      () => done(),
    );
  });

  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    const key = toStore.get(request);
    if (key !== undefined && reply.statusCode === 200) cache.set(key, payload);
    done(null, payload);
  });

  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && reply.statusCode < 400) {
      const path = routePattern(request);
      if (INVALIDATING.some((re) => re.test(path))) {
        // This instance drops its copies now, before the answer goes out; the others when the announcement reaches them.
        cache
          .clearEverywhere(`${request.method} ${path}`)
          .catch((err: Error) => logger.warn(`Cache not cleared after ${request.method} ${path}: ${err.message}`));
      }
    }
    done(null, payload);
  });
}
