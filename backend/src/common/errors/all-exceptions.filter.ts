import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject, Logger, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { DomainError } from './domain-error';
import { errorBody, type ErrorBody } from './error-body';
import { statusOfErrorCode } from './error-status';
import { databaseTimeoutKind, unavailableDependency } from './unavailable';
import { dbPool } from '../metrics/metrics';
import { DEFAULT_LANGUAGE, localiseMessage, requestLanguage, type Language } from '../i18n';

/** An error answer in the reader's language: its message and each field's (the code and the shape stay). */
function localised(body: ErrorBody, language: Language): ErrorBody {
  if (language === DEFAULT_LANGUAGE) return body;
  const out: ErrorBody = { ...body, message: localiseMessage(body.message, language) };
  if (body.errors) out.errors = Object.fromEntries(Object.entries(body.errors).map(([field, message]) => [field, localiseMessage(message, language)]));
  return out;
}

/** Seconds a client should wait before retrying when PostgreSQL or Redis is unavailable. */
const UNAVAILABLE_RETRY_AFTER = 5;

/**
 * Which language a request's reader reads (the account's, else the page's, else the browser's, else the site's):
 * provided by the users module, so this filter knows no feature module.
 */
export const REQUEST_LANGUAGE = Symbol('REQUEST_LANGUAGE');
export interface RequestLanguage {
  of(request: FastifyRequest): Promise<Language>;
}

/** Lets the web module answer a GET that no API route matched (SPA deep links). */
export const NOT_FOUND_FALLBACK = Symbol('NOT_FOUND_FALLBACK');
export interface NotFoundFallback {
  handle(request: FastifyRequest, reply: FastifyReply): boolean;
}

/** `instanceof` alone would type the code `any`. */
const asDomainError = (exception: unknown): DomainError | undefined => (exception instanceof DomainError ? (exception as DomainError) : undefined);

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(
    @Optional() @Inject(NOT_FOUND_FALLBACK) private readonly fallback?: NotFoundFallback,
    @Optional() @Inject(REQUEST_LANGUAGE) private readonly languages?: RequestLanguage,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = this.toBody(exception, request);
    const domain = asDomainError(exception);
    // An error thrown on purpose answers as it says; anything else is the framework's or a bug.
    const deliberate = domain !== undefined && statusOfErrorCode(domain.code) !== undefined;

    if (body.statusCode === 404 && !deliberate && this.fallback?.handle(request, reply)) return;
    if (reply.sent) return;
    const retryAfter = domain?.details.retryAfterSeconds;
    if (deliberate && retryAfter) reply.header('Retry-After', String(retryAfter));
    if (body.code === 'DATABASE_UNAVAILABLE' || body.code === 'REDIS_UNAVAILABLE') {
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER));
      this.logger.warn({ err: (exception as Error).message, reqId: request.id, url: request.url }, 'Dependency unavailable');
    } else if (domain && !deliberate) {
      this.logger.error({ err: domain, code: domain.code, reqId: request.id, url: request.url }, 'Error code without an HTTP status');
    } else if (body.statusCode >= 500 && !deliberate) {
      this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'Unhandled error');
    }
    const send = (answer: ErrorBody) => void reply.status(answer.statusCode).header('content-type', 'application/json; charset=utf-8').send(answer);
    // A 5xx may mean the database is away: its language is the one the request says, without asking the database.
    const said = requestLanguage(request.headers) ?? DEFAULT_LANGUAGE;
    if (body.statusCode >= 500 || !this.languages) return send(localised(body, said));
    this.languages.of(request).then(
      (language) => send(localised(body, language)),
      () => send(localised(body, said)),
    );
  }

  private toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    const domain = asDomainError(exception);
    if (domain) {
      const status = statusOfErrorCode(domain.code);
      if (status === undefined) return errorBody(500, 'Internal server error');
      return errorBody(status, domain.message, { errors: domain.details.errors, code: domain.code });
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : Array.isArray((response as { message?: unknown }).message)
            ? (response as { message: string[] }).message.join('; ')
            : String((response as { message?: unknown }).message ?? exception.message);
      if (status === HttpStatus.NOT_FOUND && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)/.test(message)) {
        return errorBody(404, `No route for ${request.method} ${request.url.split('?')[0]}`);
      }
      return errorBody(status, message);
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception.driverError as { code?: string } | undefined)?.code;
      if (code === '23505') return errorBody(409, 'This record conflicts with an existing one');
      if (code === '22P02' || code === '22003' || code === '22021' || code === '22P05' || code === '22007' || code === '22008')
        return errorBody(400, 'A value has the wrong format or is out of range');
      if (code === '22001') return errorBody(400, 'A value is too long');
      if (code === '23503') return errorBody(409, 'This record is referenced by other records');
    }
    const dependency = unavailableDependency(exception);
    const timeout = dependency === 'database' ? databaseTimeoutKind(exception) : null;
    if (timeout) dbPool.timeouts.inc({ kind: timeout });
    if (dependency === 'database')
      return errorBody(503, 'The database is unavailable right now. Please try again in a moment.', { code: 'DATABASE_UNAVAILABLE' });
    if (dependency === 'redis')
      return errorBody(503, 'A required service (Redis) is unavailable right now. Please try again in a moment.', { code: 'REDIS_UNAVAILABLE' });
    const framework = exception as FrameworkError;
    if (typeof framework?.statusCode === 'number' && framework.statusCode >= 400 && framework.statusCode < 500) {
      if (framework.code === 'JSON_TOO_DEEP')
        return errorBody(framework.statusCode, framework.message ?? 'The JSON body nests too deeply', { code: 'JSON_TOO_DEEP' });
      if (framework.code === 'JSON_NOT_OBJECT')
        return errorBody(framework.statusCode, framework.message ?? 'The request body must be a JSON object', { code: 'JSON_NOT_OBJECT' });
      const message =
        framework.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || framework.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/i.test(framework.message ?? '')
          ? 'Malformed JSON in request body'
          : (framework.message ?? 'Bad request');
      return errorBody(framework.statusCode, message);
    }
    return errorBody(500, 'Internal server error');
  }
}
