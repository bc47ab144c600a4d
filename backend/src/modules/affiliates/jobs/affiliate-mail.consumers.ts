import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import type { Consumed } from '../../../events/processed-events.service';
import { AffiliateMails } from '../affiliate-mails.service';
import { SEND_AFFILIATE_PAYOUT_MAIL } from './consumers';

/** The affiliate's payout mail, from the payout's event. */
@Injectable()
export class AffiliateMailConsumers {
  constructor(private readonly mails: AffiliateMails) {}

  @Consumes(SEND_AFFILIATE_PAYOUT_MAIL)
  payout(event: EventEnvelope<'affiliate.paid'>): Promise<Consumed<{ sent: boolean }>> {
    return this.mails.mailPayout(event);
  }
}
