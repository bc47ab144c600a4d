import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import type { Consumed } from '../../../events/processed-events.service';
import { NotificationRecorder } from '../notification-recorder.service';
import { RECORD_NOTIFICATION } from './consumers';

/** The notifications consumer: what a learner's bell shows, recorded once per event. */
@Injectable()
export class NotificationConsumers {
  constructor(private readonly recorder: NotificationRecorder) {}

  /** Whether the event was applied (false for a redelivery or an event this consumer ignores), settled in its transaction. */
  @Consumes(RECORD_NOTIFICATION)
  recordNotification(event: EventEnvelope): Promise<Consumed<{ applied: boolean }>> {
    return this.recorder.record(event);
  }
}
