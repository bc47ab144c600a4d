import { HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { QueueName } from '../../queue/queue-names';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit';
import { SettingsService } from '../settings';
import { MailBrandService } from './mail-brand.service';
import { testMail } from './templates';

const WAIT_MS = 20_000;
const POLL_MS = 200;

/**
 * Admin > Settings > Test email: a real `send-email` job on the
 * notifications queue to the General admin email, through the transport the
 * Email settings choose. The request waits for the worker's outcome so the
 * admin sees the mail server's own error.
 */
@Injectable()
export class TestEmailService {
  constructor(
    private readonly settings: SettingsService,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    private readonly brands: MailBrandService,
  ) {}

  async send(actor: AuthUser): Promise<{ success: true; message: string }> {
    const { adminEmail } = await this.settings.get('general');
    const to = adminEmail || actor.email;
    const queue = this.queues.queue(QueueName.Notifications);
    let jobId: string;
    try {
      const job = await queue.add('send-email', testMail(await this.brands.brand(), to), { attempts: 1 });
      jobId = String(job.id);
    } catch (err) {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, `The mail queue is unavailable: ${(err as Error).message}`);
    }
    await this.audit.record(null, { actor, action: 'test-email', resource: 'settings', resourceId: 'email', summary: `Sent a test email to ${to}` });

    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const state = await queue.getJobState(jobId);
      if (state === 'completed') return { success: true, message: `Test email sent to ${to}` };
      if (state === 'failed') {
        const reason = (await queue.getJob(jobId))?.failedReason || 'unknown error';
        throw new ApiError(HttpStatus.BAD_GATEWAY, `The test email to ${to} could not be sent: ${reason}`, { code: 'MAIL_FAILED' });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new ApiError(
      HttpStatus.GATEWAY_TIMEOUT,
      `No mail worker answered within ${WAIT_MS / 1000} seconds; the test email to ${to} stays queued and goes out once a worker runs.`,
      { code: 'MAIL_TIMEOUT' },
    );
  }
}
