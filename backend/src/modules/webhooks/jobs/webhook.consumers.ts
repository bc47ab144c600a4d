import { Injectable } from '@nestjs/common';
import type { AnyEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import type { Consumed } from '../../../events/processed-events.service';
import { WebhookDispatcher } from '../webhook-dispatcher.service';
import { Webhooks } from '../webhooks.service';
import { FAN_OUT_WEBHOOKS } from './consumers';

type Offered = (typeof FAN_OUT_WEBHOOKS.events)[number];

/** Events offered to webhooks become deliveries (once per event), then the worker's dispatcher is woken to send them. */
@Injectable()
export class WebhookConsumers {
  constructor(
    private readonly webhooks: Webhooks,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  @Consumes(FAN_OUT_WEBHOOKS)
  async fanOut(event: AnyEnvelope<Offered>): Promise<Consumed<{ deliveries: number }>> {
    const result = await this.webhooks.fanOut(event);
    if (result.deliveries > 0) this.dispatcher.wake();
    return result;
  }
}
