import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module';
import { createValidationPipe } from './common/errors/validation';
import { appConfig, mediaConfig } from './config';
import { boolFromEnv } from './config/validate';
import { registerStaticFiles } from './modules/web/static-files';

const REQUEST_ID = /^[\w.-]{8,100}$/;

export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.loom.com',
  'https://fast.wistia.net',
];

/** Builds the HTTP API exactly as production runs it; tests use it too. */
export async function createApiApp(): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: boolFromEnv(process.env.TRUST_PROXY, false),
    bodyLimit: 1024 * 1024,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      req.headers['x-request-id'] = id;
      return id;
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { rawBody: true, bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const config = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  const media = app.get<ConfigType<typeof mediaConfig>>(mediaConfig.KEY);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: VIDEO_EMBED_ORIGINS,
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
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 10 } });

  if (config.docsEnabled) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Course platform API')
        .setDescription('Public site, checkout, learner area and admin console API')
        .setVersion('1.0')
        .addBearerAuth()
        .build(),
    );
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  }

  await registerStaticFiles(app, { learner: config.webLearnerDist, admin: config.webAdminDist, media: media.dir });
  return app;
}
