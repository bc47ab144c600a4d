import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { HeaderObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ErrorBody } from '../errors/error-body';
import { OFFSET_LIMIT } from '../http/list-paging';
import type { ListSpec } from '../http/list-query';

/** `{ "success": true }`: an action that has nothing else to say. */
export class SuccessResult {
  @ApiProperty({ enum: [true] })
  success: true;
}

/** `{ "success": true, "message": "..." }`: an action with a sentence for the user. */
export class MessageResult extends SuccessResult {
  @ApiProperty({ example: 'Cache cleared on every API instance' })
  message: string;
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 422 | 429 | 502 | 503 | 504;

const RETRY_AFTER: Record<string, HeaderObject> = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
};

/** What each error status means in this API, whatever the operation. */
export const ERROR_MEANINGS: Record<ErrorStatus, string> = {
  400: 'Invalid input: malformed JSON, a NUL character, a value out of range, or fields that fail validation (one message per field in `errors`)',
  401: 'No valid session: the bearer token (or signed link, or API key) is missing, expired, revoked or ended',
  403: 'Signed in, but not allowed here',
  404: 'Not found',
  409: 'Conflicts with the current state of the record',
  413: 'The request body is larger than allowed',
  414: 'A path parameter is longer than 100 characters',
  422: 'Understood, but the rules do not allow it (the reasons are in the message)',
  429: 'Too many attempts: wait the Retry-After seconds',
  502: 'A service the API relies on (the mail server, the payment provider) refused or failed',
  503: 'PostgreSQL or Redis is unavailable for a moment, or maintenance mode is on (learners): retry after the Retry-After seconds',
  504: 'A service the API relies on did not answer in time',
};

/** The error answer for one status, in the one error shape; `description` says what it means for this operation. */
export function ApiErrorResponse(status: ErrorStatus, description = ERROR_MEANINGS[status]): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, type: ErrorBody, headers: status === 429 || status === 503 ? RETRY_AFTER : undefined });
}

/** Error answers with their general meaning (the document adds 400 and 503 to every operation, 401/403/404 where they apply). */
export function ApiErrors(...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiErrorResponse(status)));
}

export const errorResponse = (status: ErrorStatus, description = ERROR_MEANINGS[status]) => ({
  description,
  headers: status === 429 || status === 503 ? RETRY_AFTER : undefined,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

type NamedExamples = Record<string, { summary: string; value: unknown }>;

/** JSON in a query parameter, the way ra-data-simple-rest sends `sort`, `range` and `filter` (one example, or several by name). */
function jsonQuery(name: string, description: string, schema: SchemaObject, example: unknown, examples?: NamedExamples) {
  const media = examples ? { schema, examples } : { schema, example };
  return ApiQuery({ name, required: false, description, content: { 'application/json': media } });
}

/** The JSON schema of a list's `filter`: each filter it accepts, and `id` for getMany. */
export function filterSchema(spec: ListSpec): SchemaObject {
  const id: SchemaObject = spec.idKind === 'int' ? { type: 'integer', minimum: 1 } : { type: 'string', format: 'uuid' };
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: { description: 'getMany: the records with these ids', oneOf: [id, { type: 'array', items: id }] },
      ...Object.fromEntries(Object.entries(spec.filters).map(([name, parser]) => [name, parser.schema])),
    },
  };
}

/** What /api/docs shows for a list: a page of it, and a filter as the console sends it. */
export interface ListExamples {
  /** A page of records as the list answers it. */
  page?: unknown[];
  /** The list's filters as a screen of the console combines them. */
  filter?: { summary: string; value: Record<string, unknown> };
}

/** The `filter` examples of a list: none, a text search where it has one, the list's own combination, and getMany. */
function filterExamples(spec: ListSpec, filter: ListExamples['filter']): NamedExamples {
  const id = spec.idKind === 'int' ? [12, 14] : ['8c3e5a1f-2b4d-4f6a-9c8e-7d1b0a2f3e4c', '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69'];
  return {
    none: { summary: 'Every record', value: {} },
    ...('q' in spec.filters ? { search: { summary: 'A text search', value: { q: 'ana' } } } : {}),
    ...(filter ? { filtered: filter } : {}),
    getMany: { summary: 'These records (react-admin getMany)', value: { id } },
  };
}

/**
 * The ra-data-simple-rest list protocol of one resource: `sort`, `range` and
 * `filter` as JSON query parameters (with the sortable fields and the filters
 * this list accepts) and a bare array answered with `Content-Range`.
 */
export function ApiList(type: Type<unknown>, spec: ListSpec, examples: ListExamples = {}): MethodDecorator {
  const example = examples.page;
  const maxPage = spec.maxPageSize ?? 500;
  const filterNames = Object.keys(spec.filters);
  const paged = 'sortKeys' in spec;
  const estimatedHeader: Record<string, HeaderObject> =
    paged || spec.estimatedTotal
      ? {
          'X-Total-Estimated': {
            description: "`true` when the total of Content-Range is the planner's estimate (large, filtered lists); absent when it is exact",
            schema: { type: 'string', enum: ['true'] },
          },
        }
      : {};
  const pageHeaders: Record<string, HeaderObject> = paged
    ? {
        ...estimatedHeader,
        'X-Next-Cursor': { description: 'The cursor of the next page (pass it as `after`); absent on the last page', schema: { type: 'string' } },
        'X-Offset-Limit': { description: `How deep \`range\` may page; deeper pages need \`after\``, schema: { type: 'integer', example: OFFSET_LIMIT } },
      }
    : estimatedHeader;
  return applyDecorators(
    jsonQuery(
      'sort',
      `The field and order, as JSON. Sortable: ${spec.sortable.join(', ')}. Default ${JSON.stringify(spec.defaultSort)}.`,
      { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string' } },
      spec.defaultSort,
    ),
    jsonQuery(
      'range',
      `The first and last index of the page (inclusive), as JSON; at most ${maxPage} records a page. Default [0,${Math.min(24, maxPage - 1)}].`,
      { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 } },
      [0, 24],
    ),
    jsonQuery(
      'filter',
      `The filters, as a JSON object: ${filterNames.length > 0 ? filterNames.join(', ') : 'none'}${filterNames.includes('q') ? ' (`q` searches the text fields)' : ''}; \`id\` (one or a list) fetches those records (getMany).`,
      filterSchema(spec),
      undefined,
      filterExamples(spec, examples.filter),
    ),
    ApiOkResponse({
      type,
      isArray: true,
      description: `A page of ${spec.resource}, as a bare array`,
      headers: {
        'Content-Range': {
          description: 'The page and the total, as ra-data-simple-rest reads it: `<resource> <first>-<last>/<total>`',
          schema: { type: 'string', example: `${spec.resource} 0-24/319` },
        },
        ...pageHeaders,
      },
      ...(example ? { example } : {}),
    }),
  );
}

/** A CSV download of a list's rows: the list's `filter` (and `sort`, when it follows the list's order). */
export function ApiCsvExport(spec: ListSpec, fileName: string, options: { sorted?: boolean; limited?: boolean } = {}): MethodDecorator {
  return applyDecorators(
    ApiListFilter(spec),
    ...(options.sorted
      ? [
          jsonQuery(
            'sort',
            `The order, as JSON. Sortable: ${spec.sortable.join(', ')}. Default ${JSON.stringify(spec.defaultSort)}.`,
            { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string' } },
            spec.defaultSort,
          ),
        ]
      : []),
    ApiOkResponse({ description: `${fileName}, as an attachment`, content: { 'text/csv': { schema: { type: 'string' } } } }),
    ...(options.limited ? [ApiErrorResponse(429, 'Two exports are already running: wait for one to finish')] : []),
  );
}

/** Only a list's `filter` (summary figures that follow the list's filter). */
export function ApiListFilter(spec: ListSpec): MethodDecorator {
  return jsonQuery('filter', `The list's filters, as a JSON object: ${Object.keys(spec.filters).join(', ')}`, filterSchema(spec), {});
}
