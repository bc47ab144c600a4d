import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCsvExport, ApiList } from '../../common/openapi/api-responses';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../../common/auth/decorators';
import { csvStream } from '../../common/http/csv';
import { PagedListQueryDto, parsePagedListQuery, setPageHeaders, type PagedListSpec } from '../../common/http/list-paging';
import { filters, ListQueryDto } from '../../common/http/list-query';
import { AUDIT_SORT_KEYS } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditView } from './dto/audit-view.dto';

const SPEC: PagedListSpec = {
  resource: 'audit-log',
  sortable: Object.keys(AUDIT_SORT_KEYS),
  sortKeys: AUDIT_SORT_KEYS,
  idType: 'int8',
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

const CSV_COLUMNS = ['id', 'at', 'actorEmail', 'action', 'resource', 'resourceId', 'summary'];

@ApiTags('admin')
@AdminOnly()
@Controller('admin/audit-log')
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'Admin actions, newest first (read-only; totals exact or estimated (X-Total-Estimated); after = X-Next-Cursor pages at any depth)' })
  @ApiList(AuditView, SPEC, {
    filter: {
      summary: "One admin's actions on users in January",
      value: { actorEmail: 'admin@example.com', resource: 'users', from: '2026-01-01', to: '2026-01-31' },
    },
  })
  async list(@Query() raw: PagedListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditView[]> {
    const query = parsePagedListQuery(raw, SPEC);
    const page = await this.audit.list(query);
    setPageHeaders(reply, SPEC.resource, query, page);
    return page.rows;
  }

  @Get('export')
  @ApiOperation({ summary: 'Every admin action of the current filter and sort as CSV, streamed from a cursor' })
  @ApiCsvExport(SPEC, 'audit-log.csv', { sorted: true, limited: true })
  export(@Query() raw: ListQueryDto): StreamableFile {
    const query = parsePagedListQuery({ filter: raw.filter, sort: raw.sort }, SPEC);
    const csv = csvStream(CSV_COLUMNS, this.audit.exportBatches(query), (rows: AuditView[]) =>
      rows.map((r) => [r.id, new Date(r.at).toISOString(), r.actorEmail, r.action, r.resource, r.resourceId, r.summary]),
    );
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="audit-log.csv"' });
  }
}
