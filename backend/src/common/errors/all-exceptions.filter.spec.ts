import { type ArgumentsHost, HttpStatus, Logger } from '@nestjs/common';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { CommonError, CommonErrorCode } from './common.error';
import { DomainError } from './domain-error';
import { registerErrorStatuses, statusOfErrorCode } from './error-status';

enum ShelfErrorCode {
  Empty = 'SPEC_SHELF_EMPTY',
  Sagging = 'SPEC_SHELF_SAGGING',
}

registerErrorStatuses<ShelfErrorCode>({
  [ShelfErrorCode.Empty]: HttpStatus.CONFLICT,
  [ShelfErrorCode.Sagging]: HttpStatus.TOO_MANY_REQUESTS,
});

class ShelfError extends DomainError<ShelfErrorCode> {}

interface Answer {
  status?: number;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}

/** Runs the filter on one thrown value and returns what the client receives. */
function answerTo(exception: unknown): Answer {
  const answer: Answer = { headers: {} };
  const reply = {
    sent: false,
    status(code: number) {
      answer.status = code;
      return reply;
    },
    header(name: string, value: string) {
      answer.headers[name] = value;
      return reply;
    },
    send(body: Record<string, unknown>) {
      answer.body = body;
      return reply;
    },
  };
  const request = { id: 'req-1', url: '/api/shelves/1', method: 'GET', headers: {} };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(exception, host);
  return answer;
}

describe('AllExceptionsFilter: error codes to HTTP statuses', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it("answers a module error with its code's registered status, its message, field errors and code", () => {
    const answer = answerTo(new ShelfError(ShelfErrorCode.Empty, 'The shelf is empty', { errors: { shelf: 'The shelf is empty' } }));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The shelf is empty',
      errors: { shelf: 'The shelf is empty' },
      code: 'SPEC_SHELF_EMPTY',
      success: false,
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('sends Retry-After when the error says how long to wait', () => {
    const answer = answerTo(new ShelfError(ShelfErrorCode.Sagging, 'Too many books', { retryAfterSeconds: 30 }));
    expect(answer.status).toBe(429);
    expect(answer.headers['Retry-After']).toBe('30');
  });

  it('maps the common codes', () => {
    expect(answerTo(CommonError.field('title', 'Title is required')).body).toMatchObject({
      statusCode: 400,
      message: 'Title is required',
      errors: { title: 'Title is required' },
      code: CommonErrorCode.ValidationFailed,
    });
    expect(answerTo(CommonError.fields({ a: 'A is wrong', b: 'B is wrong' })).body).toMatchObject({ statusCode: 400, message: 'Validation failed' });
    expect(answerTo(CommonError.notFound('Shelf not found')).status).toBe(404);
    expect(answerTo(CommonError.unauthenticated()).body).toMatchObject({ statusCode: 401, message: 'Authentication required' });
    expect(answerTo(CommonError.forbidden()).status).toBe(403);
    expect(answerTo(CommonError.conflict('Taken')).status).toBe(409);
    expect(answerTo(CommonError.rateLimited('Slow down', 10)).headers['Retry-After']).toBe('10');
    expect(answerTo(CommonError.busy('Busy', 5)).body).toMatchObject({ statusCode: 503, code: 'BUSY' });
    expect(answerTo(CommonError.unavailable('Redis is away')).status).toBe(503);
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers a code that no error file declares with 500, hides its message and logs it', () => {
    const answer = answerTo(new DomainError('SPEC_NEVER_DECLARED', 'secret detail', { retryAfterSeconds: 9 }));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal server error', success: false });
    expect(answer.headers['Retry-After']).toBeUndefined();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ code: 'SPEC_NEVER_DECLARED', reqId: 'req-1' }), 'Error code without an HTTP status');
  });
});

describe('registerErrorStatuses', () => {
  it('refuses a code declared again with another status, and accepts the same declaration twice', () => {
    expect(() => registerErrorStatuses({ [ShelfErrorCode.Empty]: HttpStatus.CONFLICT })).not.toThrow();
    expect(() => registerErrorStatuses({ [ShelfErrorCode.Empty]: HttpStatus.BAD_REQUEST })).toThrow(/SPEC_SHELF_EMPTY/);
    expect(statusOfErrorCode(ShelfErrorCode.Empty)).toBe(HttpStatus.CONFLICT);
    expect(statusOfErrorCode('SPEC_NEVER_DECLARED')).toBeUndefined();
  });
});
