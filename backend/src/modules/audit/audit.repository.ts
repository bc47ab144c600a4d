import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EXACT_COUNT_LIMIT, type Page, type PagedListQuery, type SortKey } from '../../common/http/list-paging';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { listPage, listWithTotal, streamList, type ListSource } from '../../database/list-page.repository';
import { sql } from '@pgtyped/runtime';
import { typedExecute } from '../../database/sql.repository';
import type { IInsertAuditEntryQuery } from './audit.repository.types';

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  summary: string;
  changes: unknown;
  api_key_id: string | null;
  at: Date;
}

export interface NewAuditRow {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  summary: string;
  changes: string | null;
  apiKeyId: string | null;
}

/** Each sortable field and its (key, id) index (migration AdminScale1795601389754). */
export const AUDIT_SORT_KEYS: Record<string, SortKey> = {
  id: { expr: 'id', type: 'int8' },
  at: { expr: 'at', type: 'timestamptz' },
  action: { expr: 'action', type: 'text' },
  resource: { expr: 'resource', type: 'text' },
  actorEmail: { expr: 'actor_email', type: 'text', nullable: true },
};

const COLUMNS = 'id, actor_id, actor_email, action, resource, resource_id, summary, changes, api_key_id, at';

/*
 * The insert is typed against the schema by pgtyped (npm run db:types writes audit.repository.types.ts).
 * The grid's list is built at run time (filters, sort, keyset) from COLUMNS and stays hand-typed (AuditRow).
 */
const insertAuditEntry = sql<IInsertAuditEntryQuery>`
  INSERT INTO audit_log (actor_id, actor_email, action, resource, resource_id, summary, changes, api_key_id)
  VALUES ($actorId, $actorEmail, $action!, $resource!, $resourceId, $summary!, $changes, $apiKeyId)`;

/** audit_log: append-only record of administrators' actions. */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, row: NewAuditRow): Promise<void> {
    await typedExecute(manager, insertAuditEntry, row);
  }

  /**
   * One page of the audit grid, with its total. Search (q) is `ILIKE
   * '%text%'` on summary, admin email or resource: a BitmapOr over the one
   * multi-column pg_trgm GIN index (summary, actor_email, resource); totals
   * are counted up to EXACT_COUNT_LIMIT and estimated beyond.
   */
  async list(query: PagedListQuery): Promise<Page<AuditRow>> {
    const source = this.source(query);
    const request = {
      select: COLUMNS,
      sort: AUDIT_SORT_KEYS[query.sort.field],
      order: query.sort.order,
      skip: query.skip,
      take: query.take,
      after: query.after,
    };
    if (query.ids) {
      const { rows, next } = await listPage<AuditRow>(this.dataSource.manager, source, request);
      return { rows, next, total: rows.length, estimated: false };
    }
    const f = query.filter;
    return listWithTotal<AuditRow>(this.dataSource.manager, source, request, {
      countLimit: EXACT_COUNT_LIMIT,
      rangeOffSortKey: Boolean(f.from || f.to) && query.sort.field !== 'at',
    });
  }

  /** The filtered, sorted entries in batches through a cursor (the CSV export). */
  stream(query: PagedListQuery): AsyncGenerator<AuditRow[]> {
    return streamList<AuditRow>(this.dataSource, this.source({ ...query, ids: undefined }), COLUMNS, AUDIT_SORT_KEYS[query.sort.field], query.sort.order);
  }

  private source(query: PagedListQuery): ListSource {
    const f = query.filter as Record<string, string | Date | undefined>;
    const q = typeof f.q === 'string' ? likePattern(f.q) : undefined;
    const where = new WhereBuilder()
      .when(query.ids, 'id = ANY(?::bigint[])', query.ids)
      .when(q, '(summary ILIKE ? OR actor_email ILIKE ? OR resource ILIKE ?)', q, q, q)
      .when(f.actorEmail, 'actor_email ILIKE ?', typeof f.actorEmail === 'string' ? likePattern(f.actorEmail) : undefined)
      .when(f.action, 'action = ?', f.action)
      .when(f.resource, 'resource = ?', f.resource)
      .when(f.resourceId, 'resource_id = ?', f.resourceId)
      .when(f.from, 'at >= ?', f.from)
      .when(f.to, 'at <= ?', f.to);
    return { from: 'audit_log', where, id: { expr: 'id', type: 'int8' } };
  }
}
