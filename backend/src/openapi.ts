import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { API_PREFIX } from './common/http/api-prefix';
import { buildApiDocument } from './common/openapi/api-document';

/**
 * The OpenAPI document from the module metadata alone: a preview
 * application resolves the modules and controllers without creating any
 * provider, so neither PostgreSQL nor Redis is needed (scripts/openapi.mjs
 * writes it to backend/openapi.json, or checks the committed one). It
 * documents every route, the payments sandbox's included, whatever the
 * configuration of the machine that generates it.
 */
export async function generateApiDocument(): Promise<{ document: OpenAPIObject; problems: string[] }> {
  const app = await NestFactory.create(AppModule.register({ sandbox: true }), new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  app.setGlobalPrefix(API_PREFIX);
  try {
    return buildApiDocument(app);
  } finally {
    await app.close();
  }
}
