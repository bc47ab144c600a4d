import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { WhereBuilder } from '../../common/http/where-builder';
import { filters, likePattern, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';

const SPEC: ListSpec = {
  resource: 'audit-log',
  sortable: ['id', 'at', 'action', 'resource', 'actorEmail'],
  defaultSort: ['id', 'DESC'],
  idKind: 'int',
  filters: {
    q: filters.text(),
    actorEmail: filters.text(),
    action: filters.text(32),
    resource: filters.text(48),
    resourceId: filters.text(64),
    from: filters.date(),
    to: filters.date(),
  },
};

const COLUMNS: Record<string, string> = { id: 'id', at: 'at', action: 'action', resource: 'resource', actorEmail: 'actor_email' };

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  summary: string;
  changes: unknown;
  at: Date;
}

@ApiTags('admin')
@Controller('admin/audit-log')
export class AdminAuditController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ApiOperation({ summary: 'Admin actions, newest first (read-only)' })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown[]> {
    const query = parseListQuery(raw, SPEC);
    const f = query.filter;
    const where = new WhereBuilder()
      .when(query.ids, 'id = ANY(?::bigint[])', query.ids)
      .when(f.q, '(summary ILIKE ? OR actor_email ILIKE ? OR resource ILIKE ?)', ...Array(3).fill(f.q && likePattern(f.q as string)))
      .when(f.actorEmail, 'actor_email ILIKE ?', f.actorEmail && likePattern(f.actorEmail as string))
      .when(f.action, 'action = ?', f.action)
      .when(f.resource, 'resource = ?', f.resource)
      .when(f.resourceId, 'resource_id = ?', f.resourceId)
      .when(f.from, 'at >= ?', f.from)
      .when(f.to, 'at <= ?', f.to);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM audit_log ${where.sql}`, where.params);
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT * FROM audit_log ${where.sql} ORDER BY ${COLUMNS[query.sort.field]} ${query.sort.order}, id DESC OFFSET ${query.skip} LIMIT ${query.take}`,
      where.params,
    );
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows.map((r) => ({
      id: Number(r.id),
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      action: r.action,
      resource: r.resource,
      resourceId: r.resource_id,
      summary: r.summary,
      changes: r.changes,
      at: r.at,
    }));
  }
}
