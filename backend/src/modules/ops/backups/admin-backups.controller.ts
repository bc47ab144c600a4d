import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../../common/auth/decorators';
import { UuidPipe } from '../../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../../common/http/list-query';
import { ApiErrorResponse, ApiList } from '../../../common/openapi/api-responses';
import { BACKUP_COLUMNS } from './backups.repository';
import { BackupsService } from './backups.service';
import { BACKUP_STATUSES, BackupStarted, BackupView } from './dto/backup.dto';

const SPEC: ListSpec = {
  resource: 'backups',
  sortable: Object.keys(BACKUP_COLUMNS),
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: { q: filters.text(), status: filters.oneOf(BACKUP_STATUSES) },
};

@ApiTags('admin')
@AdminOnly()
@Controller('admin/backups')
export class AdminBackupsController {
  constructor(private readonly backups: BackupsService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Start a database backup (pg_dump in the maintenance queue); 503 when pg_dump is not installed' })
  @ApiAcceptedResponse({ type: BackupStarted })
  @ApiErrorResponse(409, 'A backup is already in progress')
  async start(@CurrentUser() actor: AuthUser): Promise<BackupStarted> {
    const backup = await this.backups.request(actor);
    return { success: true, message: `Backup initiated: ${backup.name}`, backup };
  }

  @Get()
  @ApiOperation({ summary: 'Backups, newest first (ra-data-simple-rest list with Content-Range)' })
  @ApiList(BackupView, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<BackupView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.backups.list(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One backup' })
  @ApiOkResponse({ type: BackupView })
  get(@Param('id', UuidPipe) id: string): Promise<BackupView> {
    return this.backups.get(id);
  }

  @Get(':id/download')
  @ApiOperation({ summary: 'The dump file (pg_dump custom format: restore with pg_restore)' })
  @ApiOkResponse({ description: 'The dump, as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrorResponse(409, 'The backup is not complete (pending, running or failed)')
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
  @ApiOkResponse({ type: BackupView, description: 'The deleted backup' })
  @ApiErrorResponse(409, 'The backup is running (delete it once it has finished)')
  remove(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<BackupView> {
    return this.backups.remove(id, actor);
  }
}
