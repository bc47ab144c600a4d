import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser } from '../../../common/auth/decorators';
import type { QueueCounts } from '../../../queue/queue.service';
import { QueuesAdminService, type FailedJobView } from './queues-admin.service';

@ApiTags('admin')
@Controller('admin/queues')
export class AdminQueuesController {
  constructor(private readonly queues: QueuesAdminService) {}

  @Get()
  @ApiOperation({ summary: 'Per queue: waiting, active, delayed, completed and failed counts' })
  async counts(): Promise<{ queues: QueueCounts[] }> {
    return { queues: await this.queues.counts() };
  }

  @Get(':name/failed')
  @ApiOperation({ summary: 'The latest failed jobs of a queue with their error (404 for an unknown queue)' })
  async failed(@Param('name') name: string): Promise<{ jobs: FailedJobView[] }> {
    return { jobs: await this.queues.failed(name) };
  }

  @Post(':name/jobs/:id/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Retry a failed job' })
  async retry(@Param('name') name: string, @Param('id') id: string, @CurrentUser() actor: AuthUser): Promise<{ success: true }> {
    await this.queues.retry(name, id, actor);
    return { success: true };
  }

  @Delete(':name/jobs/:id')
  @ApiOperation({ summary: 'Remove a job that is not running' })
  async remove(@Param('name') name: string, @Param('id') id: string, @CurrentUser() actor: AuthUser): Promise<{ success: true }> {
    await this.queues.remove(name, id, actor);
    return { success: true };
  }
}
