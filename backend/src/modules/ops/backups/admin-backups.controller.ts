import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser } from '../../../common/auth/decorators';
import { UuidPipe } from '../../../common/http/id-params';
import { filters, likePattern, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../../common/http/list-query';
import { WhereBuilder } from '../../../common/http/where-builder';
import { BACKUP_COLUMNS, BackupsService, type BackupView } from './backups.service';

const SPEC: ListSpec = {
  resource: 'backups',
  sortable: Object.keys(BACKUP_COLUMNS),
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: { q: filters.text(), status: filters.oneOf(['pending', 'running', 'completed', 'failed'] as const) },
};

@ApiTags('admin')
@Controller('admin/backups')
export class AdminBackupsController {
  constructor(private readonly backups: BackupsService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Start a database backup (pg_dump in the maintenance queue); 503 when pg_dump is not installed' })
  async start(@CurrentUser() actor: AuthUser): Promise<{ success: true; message: string; backup: BackupView }> {
    const backup = await this.backups.request(actor);
    return { success: true, message: `Backup initiated: ${backup.name}`, backup };
  }

  @Get()
  @ApiOperation({ summary: 'Backups, newest first (ra-data-simple-rest list with Content-Range)' })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<BackupView[]> {
    const query = parseListQuery(raw, SPEC);
    const where = new WhereBuilder()
      .when(query.ids, 'id = ANY(?::uuid[])', query.ids)
      .when(query.filter.q, 'file_name ILIKE ?', query.filter.q && likePattern(query.filter.q as string))
      .when(query.filter.status, 'status = ?', query.filter.status);
    const { rows, total } = await this.backups.list(where.sql, where.params, `${BACKUP_COLUMNS[query.sort.field]} ${query.sort.order}`, query.skip, query.take);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One backup' })
  get(@Param('id', UuidPipe) id: string): Promise<BackupView> {
    return this.backups.get(id);
  }

  @Get(':id/download')
  @ApiOperation({ summary: 'The dump file (pg_dump custom format: restore with pg_restore)' })
  async download(@Param('id', UuidPipe) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const file = await this.backups.open(id);
    reply.header('Content-Type', 'application/octet-stream');
    reply.header('Content-Disposition', `attachment; filename="${file.name}"`);
    reply.header('Content-Length', String(file.size));
    reply.header('Cache-Control', 'no-store');
    return new StreamableFile(file.stream);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a backup and its file' })
  remove(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<BackupView> {
    return this.backups.remove(id, actor);
  }
}
