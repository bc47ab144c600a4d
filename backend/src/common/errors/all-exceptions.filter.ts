import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject, Logger, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { ApiError } from './api-error';
import { errorBody, type ErrorBody } from './error-body';

/** Lets the web module answer a GET that no API route matched (SPA deep links). */
export const NOT_FOUND_FALLBACK = Symbol('NOT_FOUND_FALLBACK');
export interface NotFoundFallback {
  handle(request: FastifyRequest, reply: FastifyReply): boolean;
}

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(@Optional() @Inject(NOT_FOUND_FALLBACK) private readonly fallback?: NotFoundFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = this.toBody(exception, request);

    if (body.statusCode === 404 && !(exception instanceof ApiError) && this.fallback?.handle(request, reply)) return;
    if (reply.sent) return;
    if (exception instanceof ApiError && exception.details.retryAfterSeconds) reply.header('Retry-After', String(exception.details.retryAfterSeconds));
    if (body.statusCode >= 500 && !(exception instanceof ApiError)) {
      this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'Unhandled error');
    }
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    if (exception instanceof ApiError) {
      return errorBody(exception.getStatus(), exception.message, { errors: exception.details.errors, code: exception.details.code });
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : Array.isArray((response as { message?: unknown }).message)
            ? ((response as { message: string[] }).message).join('; ')
            : String((response as { message?: unknown }).message ?? exception.message);
      if (status === HttpStatus.NOT_FOUND && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)/.test(message)) {
        return errorBody(404, `No route for ${request.method} ${request.url.split('?')[0]}`);
      }
      return errorBody(status, message);
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception.driverError as { code?: string } | undefined)?.code;
      if (code === '23505') return errorBody(409, 'This record conflicts with an existing one');
      if (code === '22P02' || code === '22003') return errorBody(400, 'A value has the wrong format');
      if (code === '23503') return errorBody(409, 'This record is referenced by other records');
    }
    const framework = exception as FrameworkError;
    if (typeof framework?.statusCode === 'number' && framework.statusCode >= 400 && framework.statusCode < 500) {
      const message =
        framework.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || framework.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/i.test(framework.message ?? '')
          ? 'Malformed JSON in request body'
          : (framework.message ?? 'Bad request');
      return errorBody(framework.statusCode, message);
    }
    return errorBody(500, 'Internal server error');
  }
}
