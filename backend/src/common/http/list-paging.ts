import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { CommonError } from '../errors/common.error';
import { ListQueryDto, parseListQuery, UUID, type ListQuery, type ListSpec } from './list-query';

/**
 * Paging for the grids that grow with the business (users, payments, audit
 * log): totals that are exact while small and estimated (and said so) when
 * large, and keyset pages that cost the same at any depth.
 *
 * - `range` pages by offset up to OFFSET_LIMIT rows deep, as
 *   ra-data-simple-rest sends it; deeper offsets are refused with a message
 *   (an OFFSET of a million reads a million rows).
 * - `after` (the cursor from the previous page's `X-Next-Cursor`) pages by
 *   keyset: the rows after that one in the sort order, found by an index
 *   seek. `range` then only says where the page sits (for Content-Range).
 * - Headers: `Content-Range: users 0-24/1234567`, `X-Total-Estimated: true`
 *   when the total is the planner's estimate, `X-Next-Cursor` when more
 *   rows follow, and `X-Offset-Limit`.
 */
export const OFFSET_LIMIT = 10_000;

/** A filtered count stops here: below it the total is exact, above it the planner estimates. */
export const EXACT_COUNT_LIMIT = 10_000;

/** How a sort column's values look as PostgreSQL prints them (`::text`), to check a cursor before SQL sees it. */
export type SortKeyType = 'text' | 'timestamptz' | 'date' | 'numeric' | 'uuid' | 'int8';

export interface SortKey {
  /** The SQL expression sorted on. */
  expr: string;
  type: SortKeyType;
  /** Nullable columns sort nulls as the smallest value: first ascending, last descending. */
  nullable?: boolean;
}

export class PagedListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description:
      "The previous page's X-Next-Cursor: this page starts right after that row (an index seek at any depth; range then only numbers the page). Answers also carry X-Total-Estimated: true when the Content-Range total is the planner's estimate, and X-Offset-Limit, the deepest range served without a cursor.",
    maxLength: 600,
  })
  @IsOptional()
  @IsString()
  @MaxLength(600)
  after?: string;
}

export interface KeysetCursor {
  /** The sort value of the last row of the previous page, as PostgreSQL prints it; null for a null value. */
  value: string | null;
  id: string;
}

export interface PagedListQuery extends ListQuery {
  after?: KeysetCursor;
}

export interface PagedListSpec extends ListSpec {
  /** Every sortable field's key, with the id column's type for the tie-break. */
  sortKeys: Record<string, SortKey>;
  idType: 'uuid' | 'int8';
}

export interface Page<T> {
  rows: T[];
  total: number;
  estimated: boolean;
  /** The cursor of the page after this one, when there are more rows. */
  next: KeysetCursor | null;
}

const badCursor = (why: string): CommonError =>
  CommonError.field('after', `Query parameter "after" is not a cursor of this list (${why}); start again from the first page`);

export function encodeCursor(field: string, order: 'ASC' | 'DESC', cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([field, order, cursor.value, cursor.id])).toString('base64url');
}

/** parseListQuery plus the keyset cursor and the depth limit. */
export function parsePagedListQuery(raw: PagedListQueryDto, spec: PagedListSpec): PagedListQuery {
  const query: PagedListQuery = parseListQuery(raw, spec);
  if (raw.after !== undefined && raw.after !== '' && !query.ids) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(raw.after, 'base64url').toString('utf8'));
    } catch {
      throw badCursor('unreadable');
    }
    if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor('unreadable');
    const [field, order, value, id] = parsed as unknown[];
    if (field !== query.sort.field || order !== query.sort.order) throw badCursor('made for another sort');
    const key = spec.sortKeys[query.sort.field];
    if (value === null ? !key.nullable : !validValue(key.type, value)) throw badCursor('bad sort value');
    if (typeof id !== 'string' && typeof id !== 'number') throw badCursor('bad id');
    const idText = String(id);
    if (!validValue(spec.idType, idText)) throw badCursor('bad id');
    query.after = { value: value as string | null, id: idText };
  } else if (!query.ids && query.skip > OFFSET_LIMIT) {
    throw CommonError.field(
      'range',
      `Pages deeper than ${OFFSET_LIMIT.toLocaleString('en-US')} rows are reached with the next-page cursor (after); search or filter to find rows further down`,
    );
  }
  return query;
}

/** Sets Content-Range and the paging headers (see the top of this file). */
export function setPageHeaders(reply: FastifyReply, resource: string, query: PagedListQuery, page: Page<unknown>): void {
  const count = page.rows.length;
  const end = count === 0 ? query.skip : query.skip + count - 1;
  // The last page knows the exact total; before it, the total never claims fewer rows than the pages seen so far.
  const last = !page.next && !query.ids && (count > 0 || query.skip === 0);
  const total = last ? query.skip + count : Math.max(page.total, query.skip + count + (page.next ? 1 : 0));
  const estimated = page.estimated && !last;
  reply.header('Content-Range', `${resource} ${query.skip}-${end}/${total}`);
  if (estimated) reply.header('X-Total-Estimated', 'true');
  if (page.next) reply.header('X-Next-Cursor', encodeCursor(query.sort.field, query.sort.order, page.next));
  reply.header('X-Offset-Limit', String(OFFSET_LIMIT));
  reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Estimated, X-Next-Cursor, X-Offset-Limit');
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(y: string, m: string, d: string): boolean {
  const year = Number(y);
  const date = new Date(Date.UTC(2000, Number(m) - 1, Number(d)));
  date.setUTCFullYear(year);
  return year >= 1 && year <= 9999 && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** Whether `value` is what PostgreSQL prints for that type (so the cast back cannot fail). */
export function validValue(type: SortKeyType, value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 300 || value.includes('\u0000')) return false;
  switch (type) {
    case 'text':
      return true;
    case 'uuid':
      return UUID.test(value);
    case 'int8':
      return /^-?\d{1,18}$/.test(value);
    case 'numeric':
      return /^-?\d{1,20}(\.\d{1,10})?$/.test(value);
    case 'date': {
      const m = DATE.exec(value);
      return !!m && validDate(m[1], m[2], m[3]);
    }
    case 'timestamptz': {
      const m = TIMESTAMP.exec(value);
      return !!m && validDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60 && Number(m[9]) <= 15 && Number(m[10] ?? 0) < 60;
    }
  }
}
