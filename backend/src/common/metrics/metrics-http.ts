import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { nameServerSpan } from '../tracing/trace-context';
import { metrics, metricsText, routeLabel } from './metrics';

/** Every answer of the HTTP API counted by route template, method and status, with its duration; 429s also as rate-limit rejections. */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  // The trace's server span gets the route template as its name (the HTTP instrumentation alone knows only the method).
  // Callback hooks, not async ones: these run on every request, and an async hook costs a promise each.
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const template = request.routeOptions?.url;
    if (template) nameServerSpan(request.method, template);
    done();
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = routeLabel(request.routeOptions?.url);
    const status = reply.statusCode;
    metrics.httpRequestDuration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimitRejections.inc({ route });
    done();
  });
}

export interface MetricsAccess {
  /** A bearer token the scraper must send; empty: no token asked. */
  token: string;
  /** Whether GET /metrics answers on the API's own port (off in production unless a token is set). */
  onApiPort: boolean;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!token) return true;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const UNAUTHORIZED = JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'A metrics token is required' });

/** GET /metrics on the API's port (outside /api: Prometheus's default path). */
export function registerMetricsRoute(fastify: FastifyInstance, access: MetricsAccess, extra: () => Promise<readonly Registry[]>): void {
  if (!access.onApiPort) return;
  fastify.get('/metrics', async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, access.token)) {
      return reply.code(401).header('content-type', 'application/json; charset=utf-8').header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
    }
    const { contentType, body } = await metricsText(await extra());
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/** A separate listen address for the metrics (the worker's, or the API's METRICS_PORT): GET /metrics only. */
export function startMetricsServer(port: number, host: string, token: string, extra: () => Promise<readonly Registry[]>): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Only GET /metrics is served here' }));
      return;
    }
    if (!tokenMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer' }).end(UNAUTHORIZED);
      return;
    }
    extra()
      .then((registries) => metricsText(registries))
      .then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err.message}`),
      );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.unref();
      resolve(server);
    });
  });
}
