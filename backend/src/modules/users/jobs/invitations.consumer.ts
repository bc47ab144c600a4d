import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../../config';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { TransactionRunner } from '../../../events/transaction-runner';
import { invitationMail, MailBrandService, MailService } from '../../mail';
import { PasswordResetService } from '../password-reset.service';
import { UsersRepository } from '../users.repository';
import { SEND_INVITATION } from './consumers';

export const INVITATION_SECONDS = 24 * 3600;

/**
 * user.created (invited) → a one-time link to choose a password, by email.
 * The token is issued in its own transaction and the mail queued after the
 * commit; the job id queues one mail per new user even if the event comes
 * again (a second token may then exist, unused, until it expires).
 */
@Injectable()
export class InvitationsConsumer {
  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetService,
    private readonly tx: TransactionRunner,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Consumes(SEND_INVITATION)
  async invite(event: EventEnvelope<'user.created'>): Promise<{ sent: boolean }> {
    if (!event.payload.invited) return { sent: false };
    const user = await this.users.findById(event.payload.userId);
    if (!user) return { sent: false };
    const token = await this.tx.run((tx) => this.resets.issue(tx.manager, user.id, INVITATION_SECONDS));
    const link = `${this.app.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mail.send(invitationMail(await this.brands.brand(), user.email, user.name, link), { jobId: `invitation-${event.id}` });
    return { sent: true };
  }
}
