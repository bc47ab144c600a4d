import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../../config';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ProcessedEvents, type Consumed } from '../../../events/processed-events.service';
import { invitationMail, MailBrandService, MailService } from '../../mail';
import { PasswordResetService } from '../password-reset.service';
import { UsersRepository } from '../users.repository';
import { SEND_INVITATION } from './consumers';

export const INVITATION_SECONDS = 24 * 3600;

/**
 * user.created (invited) → a one-time link to choose a password, by email.
 * The token, the owed mail and the record of the event are written in one
 * transaction: one token and one mail per new user, however often the
 * event comes.
 */
@Injectable()
export class InvitationsConsumer {
  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetService,
    private readonly processed: ProcessedEvents,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Consumes(SEND_INVITATION)
  async invite(event: EventEnvelope<'user.created'>): Promise<Consumed<{ sent: boolean }>> {
    if (!event.payload.invited) return { sent: false };
    const user = await this.users.findById(event.payload.userId);
    if (!user) return { sent: false };
    const brand = await this.brands.brandFor(user.language);
    const outcome = await this.processed.once(SEND_INVITATION.name, event, async (tx) => {
      const token = await this.resets.issue(tx.manager, user.id, INVITATION_SECONDS);
      const link = `${this.app.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      return this.mail.owe(tx, { ...invitationMail(brand, user.email, user.name, link), dedupeKey: `invitation-${event.id}` });
    });
    return { sent: outcome.applied, settled: outcome.settled };
  }
}
