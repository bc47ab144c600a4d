import type { DataSource, EntityManager } from 'typeorm';
import type { KeysetCursor, Page, SortKey } from '../common/http/list-paging';
import { queryOne, queryRows } from './sql.repository';

/** A filtered list of one table: FROM, the WHERE clause with its parameters, the id column. */
export interface ListSource {
  /** `users u` */
  from: string;
  /** `WHERE ...` or '' (a WhereBuilder's sql), with its parameters. */
  where: { sql: string; params: unknown[] };
  id: { expr: string; type: 'uuid' | 'int8' };
}

export interface PageRequest {
  /** The select list (without SELECT). */
  select: string;
  sort: SortKey;
  order: 'ASC' | 'DESC';
  skip: number;
  take: number;
  after?: KeysetCursor;
  /**
   * Read every matching row, then sort (for a small filtered set whose rows
   * sit far down the sort index, see FENCE_LIMIT), instead of walking the
   * sort index until the page fills.
   */
  fence?: boolean;
}

const SORT_KEY = '__sort_key';
const ROW_ID = '__row_id';

/**
 * A range filter on a column that moves with the sort key (a join-date month
 * while sorting by creation, a week of audit entries while sorting by id)
 * makes the planner walk the sort index from the newest row, expecting the
 * matches spread evenly, and read every row down to the range (600 ms for a
 * month of users a year back, 5 s for a week of the audit log). Up to this
 * many estimated matches, the page is read through a fence instead (the
 * filter's own index, then a top-N sort: tens of milliseconds); a larger
 * range is dense enough for the sort index walk.
 */
export const FENCE_LIMIT = 50_000;

/**
 * One page of a list, sorted on a key with the id as tie-break in the same
 * direction (one (key, id) index serves both directions), and the cursor
 * of the page after it when more rows follow (one extra row is read to know).
 *
 * Without a cursor: ORDER BY ... OFFSET skip (the caller bounds skip). With
 * one: the rows after (value, id) in sort order, `(key, id) > ($v, $id)` or
 * `<` for descending, an index condition on the (key, id) index: the same
 * cost on page 1 and page 40,000. A nullable key holds nulls first when
 * ascending and last when descending, so the rows after a cursor are up to
 * two index ranges (the nulls, the values), read one after the other.
 */
export async function listPage<T extends object>(
  manager: EntityManager,
  source: ListSource,
  page: PageRequest,
): Promise<{ rows: T[]; next: KeysetCursor | null }> {
  const want = page.take + 1;
  const { sort, order } = page;
  const nulls = sort.nullable ? (order === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST') : '';
  const keys = `(${sort.expr})::text AS ${SORT_KEY}, (${source.id.expr})::text AS ${ROW_ID}`;
  const k = page.fence ? 'top.__k' : sort.expr;
  const i = page.fence ? 'top.__i' : source.id.expr;

  const run = async (condition: string | null, orderBy: string, limit: number, offset = 0, extra: unknown[] = []): Promise<Array<Record<string, unknown>>> => {
    const params = [...source.where.params, ...extra];
    // The cursor's parameters come after the filter's: $n continues from the WHERE clause.
    const shifted = condition?.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + source.where.params.length}`);
    const where = shifted ? (source.where.sql ? `${source.where.sql} AND (${shifted})` : `WHERE ${shifted}`) : source.where.sql;
    const window = `ORDER BY ${orderBy} ${offset ? `OFFSET ${offset} ` : ''}LIMIT ${limit}`;
    if (!page.fence) return queryRows<Record<string, unknown>>(manager, `SELECT ${page.select}, ${keys} FROM ${source.from} ${where} ${window}`, params);
    // Fenced: the matching rows' keys only (OFFSET 0 keeps the inner query planned without the ORDER BY and LIMIT), the page
    // of them sorted, then those rows read in full.
    return queryRows<Record<string, unknown>>(
      manager,
      `WITH top AS (SELECT __k, __i FROM (SELECT (${sort.expr}) AS __k, (${source.id.expr}) AS __i FROM ${source.from} ${where} OFFSET 0) top ${window})
       SELECT ${page.select}, ${keys} FROM ${source.from} JOIN top ON ${source.id.expr} = top.__i ORDER BY ${orderBy}`,
      params,
    );
  };

  const byKey = `${k} ${order}${nulls}, ${i} ${order}`;
  const byId = `${i} ${order}`;
  const cmp = order === 'ASC' ? '>' : '<';
  const key = `$1::${castOf(sort)}`;
  const id = `$2::${source.id.type}`;

  let rows: Array<Record<string, unknown>>;
  const after = page.after;
  if (!after) {
    rows = await run(null, byKey, want, page.skip);
  } else if (after.value !== null) {
    // Non-null rows after the cursor; descending, the nulls follow them.
    rows = await run(`(${sort.expr}, ${source.id.expr}) ${cmp} (${key}, ${id})`, byKey, want, 0, [after.value, after.id]);
    if (sort.nullable && order === 'DESC' && rows.length < want) rows = rows.concat(await run(`${sort.expr} IS NULL`, byId, want - rows.length));
  } else {
    // The cursor is on a null: the rest of the nulls, then (ascending) every value.
    rows = await run(`${sort.expr} IS NULL AND ${source.id.expr} ${cmp} $1::${source.id.type}`, byId, want, 0, [after.id]);
    if (order === 'ASC' && rows.length < want) rows = rows.concat(await run(`${sort.expr} IS NOT NULL`, byKey, want - rows.length));
  }

  const more = rows.length > page.take;
  if (more) rows = rows.slice(0, page.take);
  const last = rows[rows.length - 1];
  const next = more && last ? { value: last[SORT_KEY] as string | null, id: last[ROW_ID] as string } : null;
  for (const row of rows) {
    delete row[SORT_KEY];
    delete row[ROW_ID];
    delete row.__k;
    delete row.__i;
  }
  return { rows: rows as T[], next };
}

/** Rows a CSV export reads from its cursor at a time. */
export const EXPORT_BATCH = 1000;

/**
 * The whole filtered list in sort order, EXPORT_BATCH rows at a time,
 * through a server-side cursor (DECLARE / FETCH) in one read-only snapshot
 * on a connection of its own: memory stays one batch whatever the list's
 * size, and the next batch is read only when the consumer asks for it
 * (a slow download holds the cursor, not the rows). Ending early (the
 * client went away) rolls back and returns the connection.
 */
export async function* streamList<T extends object>(
  dataSource: DataSource,
  source: ListSource,
  select: string,
  sort: SortKey,
  order: 'ASC' | 'DESC',
): AsyncGenerator<T[]> {
  const nulls = sort.nullable ? (order === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST') : '';
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await queryRows(runner.manager, 'SET TRANSACTION READ ONLY');
    await queryRows(
      runner.manager,
      `DECLARE list_export NO SCROLL CURSOR FOR SELECT ${select} FROM ${source.from} ${source.where.sql} ORDER BY ${sort.expr} ${order}${nulls}, ${source.id.expr} ${order}`,
      source.where.params,
    );
    for (;;) {
      const rows = await queryRows<T>(runner.manager, `FETCH ${EXPORT_BATCH} FROM list_export`);
      if (rows.length === 0) break;
      yield rows;
    }
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}

function castOf(sort: SortKey): string {
  return sort.type === 'int8' ? 'bigint' : sort.type;
}

/**
 * The most table rows a count may be planned to visit (see listWithTotal): a few thousand scattered rows, each a page
 * read and a recheck, is about what a grid call may spend (50 ms on the scale benchmark's machine).
 */
export const COUNT_VISIT_LIMIT = 5_000;

export interface TotalOptions {
  /** Counted exactly up to here; the planner estimates beyond. */
  countLimit: number;
  /** An exact total kept elsewhere (a counter table) for this filter: no count at all. */
  exactTotal?: () => Promise<number>;
  /** The filter holds a range on a column other than the sort key (see FENCE_LIMIT). */
  rangeOffSortKey?: boolean;
}

/**
 * A page (listPage) and the list's total (countOrEstimate, or the exact total given).
 *
 * A filter the planner estimates at most `countLimit` rows, whose plan also visits at most `countLimit` table rows, is
 * counted first, and when the count is exact the page is read through the fence: the matches are few, and the planner,
 * trusting its estimate, would walk the sort index until the page fills, reading (take / matches) of the whole table.
 * Checked with EXPLAIN (ANALYZE, BUFFERS) on the scale benchmark (1M users): `name ILIKE '%Yuki Tanaka%' OR email ILIKE ...`
 * estimated 1,091 rows for 71 real; walking users_created_sort_idx backwards read 361,000 rows for the 26 newest (667 ms),
 * the two trigram bitmaps plus a sort of the 71 take 14 ms. A whole payment email without statistics on lower(email) (an
 * upgraded database before its next ANALYZE) is estimated at 5,001 rows for 1: the walk read all 1M payments (1.3 s), the
 * fence reads one row. The count already read the matching rows, so the fence reads them warm; at 10,000 matches it costs
 * about what the walk costs.
 *
 * The rows a count visits are not the rows it answers: `summary ILIKE '%garcia%'` with action and resource filters on
 * 5M audit entries was estimated at 6,920 answers, but its trigram bitmap holds 24,625 candidate rows scattered over as
 * many table pages, each read and rechecked (15,745 answered; the count alone 180-390 ms), while walking the id index
 * finds the newest 50 in 16,000 adjacent rows (15-25 ms). A list whose plan visits more than COUNT_VISIT_LIMIT rows is
 * not counted: its total is the estimate. Otherwise (a large or estimated total), the page and the total are read at once.
 */
export async function listWithTotal<T extends object>(manager: EntityManager, source: ListSource, page: PageRequest, options: TotalOptions): Promise<Page<T>> {
  if (options.exactTotal) {
    const [rows, total] = await Promise.all([listPage<T>(manager, source, page), options.exactTotal()]);
    return { ...rows, total, estimated: false };
  }
  const plan = await plannedRows(manager, source);
  const estimate = plan.rows;
  if (estimate <= options.countLimit && plan.visited <= COUNT_VISIT_LIMIT) {
    const count = await countOrEstimate(manager, source, options.countLimit, estimate);
    const fence = !count.estimated || (Boolean(options.rangeOffSortKey) && estimate <= FENCE_LIMIT);
    return { ...(await listPage<T>(manager, source, { ...page, fence })), ...count };
  }
  const [rows, count] = await Promise.all([
    listPage<T>(manager, source, { ...page, fence: Boolean(options.rangeOffSortKey) && estimate <= FENCE_LIMIT }),
    estimate <= options.countLimit ? Promise.resolve({ total: estimate, estimated: true }) : countOrEstimate(manager, source, options.countLimit, estimate),
  ]);
  return { ...rows, ...count };
}

/**
 * How many rows match, without reading millions of them. The planner's
 * estimate comes first (EXPLAIN: nothing is read): above `limit`, it is the
 * answer, said to be an estimate (counting even 10,000 scattered matches of
 * a search reads as many table pages). Otherwise the rows are counted, at most
 * limit + 1 of them: at or below `limit` the count is exact; above, the
 * estimate (never less than limit + 1) stands. A last page corrects any
 * estimate: the caller then knows the exact total (setPageHeaders).
 */
export async function countOrEstimate(
  manager: EntityManager,
  source: ListSource,
  limit: number,
  estimate?: number,
): Promise<{ total: number; estimated: boolean }> {
  const planned = estimate ?? (await plannerEstimate(manager, source));
  if (planned > limit) return { total: planned, estimated: true };
  const counted = await queryOne<{ n: number }>(
    manager,
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${source.from} ${source.where.sql} LIMIT ${limit + 1}) capped`,
    source.where.params,
  );
  const n = counted?.n ?? 0;
  if (n <= limit) return { total: n, estimated: false };
  return { total: Math.max(limit + 1, planned), estimated: true };
}

/** The planner's row estimate for the list's filter (EXPLAIN only: nothing is read). */
export async function plannerEstimate(manager: EntityManager, source: ListSource): Promise<number> {
  return (await plannedRows(manager, source)).rows;
}

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/**
 * The planner's estimates for the list's filter (EXPLAIN only: nothing is read): the rows it answers, and the table
 * rows its plan visits to find them (a bitmap heap scan visits every candidate of its bitmap, before the filters the
 * index cannot answer; an index scan every row of its index range, taken as the rows it answers).
 */
export async function plannedRows(manager: EntityManager, source: ListSource): Promise<{ rows: number; visited: number }> {
  const plan = await queryOne<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    manager,
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source.from} ${source.where.sql}`,
    source.where.params,
  );
  const root = plan?.['QUERY PLAN'][0]?.Plan;
  if (!root) return { rows: 0, visited: 0 };
  const visited = (node: PlanNode): number => {
    const own = node['Node Type'] === 'Bitmap Heap Scan' ? (node.Plans?.[0]?.['Plan Rows'] ?? node['Plan Rows']) : node['Plan Rows'];
    return Math.max(
      own,
      ...(node.Plans ?? [])
        .filter((child) => child['Node Type'] !== 'BitmapOr' && child['Node Type'] !== 'BitmapAnd' && !child['Node Type'].startsWith('Bitmap Index'))
        .map(visited),
    );
  };
  return { rows: Math.round(root['Plan Rows']), visited: Math.round(visited(root)) };
}
