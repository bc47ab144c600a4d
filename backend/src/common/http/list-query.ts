import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { FastifyReply } from 'fastify';
import { CommonError } from '../errors/common.error';

/** The three query parameters of ra-data-simple-rest, each a JSON text. */
export class ListQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  sort?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  range?: string;

  @IsOptional()
  @IsString()
  @MaxLength(4000)
  filter?: string;
}

/** A filter's parser, and the JSON schema of what it accepts (the OpenAPI document lists every list's filters from it). */
export type FilterParser = ((value: unknown, field: string) => unknown) & { readonly schema: SchemaObject };

const invalid = (field: string, what: string): CommonError => CommonError.field(`filter.${field}`, `Filter "${field}" must be ${what}`);

const parser = (schema: SchemaObject, parse: (value: unknown, field: string) => unknown): FilterParser => Object.assign(parse, { schema });

/** Typed filter parsers: every accepted filter says what it takes. */
export const filters = {
  text: (max = 200): FilterParser =>
    parser({ type: 'string', maxLength: max }, (v, f) => {
      if (typeof v !== 'string' || v.length > max) throw invalid(f, `a text of at most ${max} characters`);
      if (v.includes('\u0000')) throw invalid(f, 'a text without NUL characters');
      return v.trim();
    }),
  oneOf: <T extends string>(values: readonly T[]): FilterParser =>
    parser({ type: 'string', enum: [...values] }, (v, f) => {
      if (typeof v !== 'string' || !values.includes(v as T)) throw invalid(f, `one of ${values.join(', ')}`);
      return v;
    }),
  int: (): FilterParser =>
    parser({ oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?\\d+$' }] }, (v, f) => {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw invalid(f, 'an integer');
      return n;
    }),
  bool: (): FilterParser =>
    parser({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] }, (v, f) => {
      if (v === true || v === 'true') return true;
      if (v === false || v === 'false') return false;
      throw invalid(f, 'true or false');
    }),
  date: (): FilterParser =>
    parser({ type: 'string', description: 'A date, YYYY-MM-DD or ISO 8601' }, (v, f) => {
      const at = typeof v === 'string' ? Date.parse(v) : Number.NaN;
      // Years 1 to 9999: what a date field means, and inside what PostgreSQL can store.
      const year = Number.isNaN(at) ? Number.NaN : new Date(at).getUTCFullYear();
      if (!(year >= 1 && year <= 9999)) {
        throw invalid(f, 'a date (YYYY-MM-DD or ISO 8601) between the years 1 and 9999');
      }
      return new Date(at);
    }),
  uuid: (): FilterParser =>
    parser({ type: 'string', format: 'uuid' }, (v, f) => {
      if (typeof v !== 'string' || !UUID.test(v)) throw invalid(f, 'a UUID');
      return v;
    }),
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ListSpec {
  /** Resource name used in Content-Range. */
  resource: string;
  /** Sortable API field names; nothing else is accepted. */
  sortable: readonly string[];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
  filters: Record<string, FilterParser>;
  /** How ids look, for getMany (`filter={"id":[...]}`). */
  idKind: 'int' | 'uuid';
  maxPageSize?: number;
  /** A large total is the planner's estimate (the answer then carries X-Total-Estimated: true); the keyset lists say so through sortKeys. */
  estimatedTotal?: boolean;
}

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  skip: number;
  take: number;
  filter: Record<string, unknown>;
  ids?: Array<number | string>;
}

function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw CommonError.field(name, `Query parameter "${name}" must be valid JSON`);
  }
}

export function parseListQuery(raw: ListQueryDto, spec: ListSpec): ListQuery {
  const maxPage = spec.maxPageSize ?? 500;

  const sortRaw = parseJson('sort', raw.sort) ?? spec.defaultSort;
  if (!Array.isArray(sortRaw) || sortRaw.length !== 2 || typeof sortRaw[0] !== 'string') {
    throw CommonError.field('sort', 'Query parameter "sort" must look like ["field","ASC"]');
  }
  const [field, orderRaw] = sortRaw as [string, unknown];
  if (!spec.sortable.includes(field)) {
    throw CommonError.field('sort', `Cannot sort by "${field}"; sortable fields: ${spec.sortable.join(', ')}`);
  }
  const order = String(orderRaw).toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw CommonError.field('sort', 'Sort order must be ASC or DESC');

  const rangeRaw = parseJson('range', raw.range) ?? [0, Math.min(24, maxPage - 1)];
  if (!Array.isArray(rangeRaw) || rangeRaw.length !== 2 || !rangeRaw.every((n) => Number.isSafeInteger(n) && n >= 0) || rangeRaw[1] < rangeRaw[0]) {
    throw CommonError.field('range', 'Query parameter "range" must look like [0,24] with 0 <= start <= end');
  }
  const [start, end] = rangeRaw as [number, number];
  const take = end - start + 1;
  if (take > maxPage) throw CommonError.field('range', `A page holds at most ${maxPage} records`);

  const filterRaw = parseJson('filter', raw.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw CommonError.field('filter', 'Query parameter "filter" must be a JSON object');
  }
  const filter: Record<string, unknown> = {};
  let ids: Array<number | string> | undefined;
  for (const [key, value] of Object.entries(filterRaw)) {
    if (value === null || value === undefined || value === '') continue;
    if (key === 'id') {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > maxPage) throw CommonError.field('filter.id', `At most ${maxPage} ids at once`);
      const parse = spec.idKind === 'int' ? filters.int() : filters.uuid();
      ids = list.map((v) => parse(v, 'id') as number | string);
      continue;
    }
    const parser = spec.filters[key];
    if (!parser) throw CommonError.field(`filter.${key}`, `Unknown filter "${key}"`);
    filter[key] = parser(value, key);
  }
  // getMany sends its ids without a range: every id asked for is one row of the answer.
  if (ids && raw.range === undefined) return { sort: { field, order }, skip: 0, take: Math.max(ids.length, 1), filter, ids };
  return { sort: { field, order }, skip: start, take, filter, ids };
}

/** Sets Content-Range the way ra-data-simple-rest reads it: `courses 0-24/319`. */
export function setContentRange(reply: FastifyReply, resource: string, query: ListQuery, count: number, total: number, estimated = false): void {
  const end = count === 0 ? query.skip : query.skip + count - 1;
  reply.header('Content-Range', `${resource} ${query.skip}-${end}/${total}`);
  if (estimated) reply.header('X-Total-Estimated', 'true');
  reply.header('Access-Control-Expose-Headers', estimated ? 'Content-Range, X-Total-Estimated' : 'Content-Range');
}

/** Escapes a user text for use inside ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
