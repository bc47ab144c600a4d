import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { OwedCommandsRepository } from '../../events/owed-commands.repository';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { SettingsService } from '../settings';
import { MailError, MailErrorCode } from './mail.error';
import { MailBrandService } from './mail-brand.service';
import { MailService } from './mail.service';
import { testMail } from './templates';

const WAIT_MS = 20_000;
const POLL_MS = 200;

/**
 * Admin > Settings > Test email: an owed mail (tried once) to the General
 * admin email, through the transport the Email settings choose, listed in
 * the mail log like any other. The request waits for the worker's outcome
 * so the admin sees the mail server's own error.
 */
@Injectable()
export class TestEmailService {
  constructor(
    private readonly settings: SettingsService,
    private readonly mails: MailService,
    private readonly tx: TransactionRunner,
    private readonly commands: OwedCommandsRepository,
    private readonly audit: AuditService,
    private readonly brands: MailBrandService,
  ) {}

  async send(actor: AuthUser): Promise<{ success: true; message: string }> {
    const { adminEmail } = await this.settings.get('general');
    const to = adminEmail || actor.email;
    const mail = testMail(await this.brands.brand(), to);
    const commandId = await this.tx.run(async (tx) => {
      await this.audit.record(tx.manager, { actor, action: 'test-email', resource: 'settings', resourceId: 'email', summary: `Sent a test email to ${to}` });
      return this.mails.owe(tx, mail, { attempts: 1 });
    });

    const deadline = Date.now() + WAIT_MS;
    while (commandId && Date.now() < deadline) {
      const command = await this.commands.state(commandId);
      if (command?.state === 'sent') return { success: true, message: `Test email sent to ${to}` };
      if (command?.state === 'failed' || command?.state === 'dead') {
        throw new MailError(MailErrorCode.Failed, `The test email to ${to} could not be sent: ${command.last_error || 'unknown error'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new MailError(
      MailErrorCode.Timeout,
      `No mail worker answered within ${WAIT_MS / 1000} seconds; the test email to ${to} stays queued and goes out once a worker runs.`,
    );
  }
}
