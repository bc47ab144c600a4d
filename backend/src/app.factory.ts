import multipart from '@fastify/multipart';
import { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module';
import { errorBody } from './common/errors/error-body';
import { QuietStartLogger } from './common/logging/quiet-start-logger';
import { createValidationPipe } from './common/errors/validation';
import { registerJsonCompression } from './common/http/compression';
import { API_PREFIX } from './common/http/api-prefix';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from './common/http/json-depth';
import { refuseNulCharacters } from './common/http/nul-guard';
import { registerSecurityHeaders, securityHeaders } from './common/http/security-headers';
import { setupApiDocs } from './common/openapi/api-document';
import { appConfig, mediaConfig } from './config';
import { boolFromEnv, intFromEnv } from './config/validate';
import { registerStaticFiles } from './modules/web';
import { PublicPages } from './modules/site';
import { ClusterMetrics, registerResponseCache, ResponseCache } from './modules/ops';
import { registerHttpMetrics, registerMetricsRoute, startMetricsServer } from './common/metrics/metrics-http';

const REQUEST_ID = /^[\w.-]{8,100}$/;
const BODY_LIMIT = 1024 * 1024;
/** Powerful browser features the product never uses, switched off for every page and embed (video players keep fullscreen and autoplay). */
const PERMISSIONS_POLICY =
  'accelerometer=(), ambient-light-sensor=(), bluetooth=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()';

export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.loom.com',
  'https://fast.wistia.net',
];

/** Builds the HTTP API exactly as production runs it; tests use it too. */
export async function createApiApp(): Promise<NestFastifyApplication> {
  const requestTimeout = intFromEnv(process.env.HTTP_REQUEST_TIMEOUT_MS, 60_000);
  const adapter = new FastifyAdapter({
    trustProxy: boolFromEnv(process.env.TRUST_PROXY, false),
    bodyLimit: BODY_LIMIT,
    // A client that trickles its request (headers or body) is cut off: slow bodies cannot hold connections open.
    requestTimeout,
    http: { headersTimeout: Math.min(requestTimeout, 20_000), connectionsCheckingInterval: Math.max(250, Math.min(2_000, Math.floor(requestTimeout / 4))) },
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      req.headers['x-request-id'] = id;
      return id;
    },
    // The router's own refusals (a malformed or overlong path segment) answer in the one error shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is longer than 100 characters' : 'The URL is not valid';
      void reply
        .code(status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(errorBody(status, message, { code: error.code }));
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(), adapter, { rawBody: true, bufferLogs: true });
  app.useLogger(new QuietStartLogger(app.get(Logger)));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  const fastifyJson = fastify.getDefaultJsonParser('error', 'error');
  // JSON bodies: nesting is checked in one pass over the raw bytes before anything parses them (the signed webhook's raw body is kept).
  // Every route of the API takes a JSON object: null, a number, a string, a boolean or an array is refused here, once for all routes,
  // before a guard, a validation pipe or a handler reads a field of it.
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if (jsonNestingExceeds(body)) {
      done(Object.assign(new Error(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), { statusCode: 400, code: 'JSON_TOO_DEEP' }), undefined);
      return;
    }
    void fastifyJson(request as Parameters<typeof fastifyJson>[0], body as unknown as string, (err: Error | null, parsed?: unknown) => {
      if (!err && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
        done(Object.assign(new Error('The request body must be a JSON object'), { statusCode: 400, code: 'JSON_NOT_OBJECT' }), undefined);
        return;
      }
      done(err, parsed);
    });
  });
  // Form bodies only for the sandbox's card and PayPal simulators (Stripe's form-encoded API, PayPal's OAuth token call; kept raw,
  // the route reads it) and RFC 8058's one-click unsubscribe (`List-Unsubscribe=One-Click`; the signed query is the proof):
  // every other route still answers 415, so a cross-site HTML form cannot post to the API.
  const formRoutes = [
    `/${API_PREFIX}/payments/sandbox/stripe/`,
    `/${API_PREFIX}/payments/sandbox/paypal/v1/oauth2/token`,
    `/${API_PREFIX}/payments/recovery/unsubscribe?`,
  ];
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: BODY_LIMIT }, (request, body, done) => {
    const url = (request as { url?: string }).url ?? '';
    if (!formRoutes.some((route) => url.startsWith(route))) {
      done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
      return;
    }
    done(null, body);
  });
  app.enableShutdownHooks();

  registerHttpMetrics(fastify);
  fastify.addHook('preHandler', refuseNulCharacters);
  registerJsonCompression(fastify);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    done(null, payload);
  });

  const config = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  const media = app.get<ConfigType<typeof mediaConfig>>(mediaConfig.KEY);

  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Video players, and our own signed lesson-file links (the editor's PDF preview): nothing else may be framed.
        frameSrc: [...VIDEO_EMBED_ORIGINS, `${config.publicUrl}/api/courses/`],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.nodeEnv === 'production',
  });
  registerSecurityHeaders(fastify, headers);
  registerResponseCache(fastify, app.get(ResponseCache));
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 10 } });

  if (config.docsEnabled) setupApiDocs(app);

  // Prometheus: GET /metrics on this port (with METRICS_TOKEN as a bearer when set; in production only then), and/or on METRICS_PORT.
  const cluster = app.get(ClusterMetrics);
  const registries = async () => [await cluster.current()];
  registerMetricsRoute(fastify, { token: config.metricsToken, onApiPort: config.nodeEnv !== 'production' || config.metricsToken !== '' }, registries);
  if (config.metricsPort > 0) {
    const server = await startMetricsServer(config.metricsPort, config.metricsHost, config.metricsToken, registries);
    fastify.addHook('onClose', async () => void server.close());
  }

  // The public pages in the site's language and currency, ahead of the build's English files.
  app.get(PublicPages).register(fastify);
  await registerStaticFiles(app, { learner: config.webLearnerDist, admin: config.webAdminDist, media: media.dir });
  return app;
}
