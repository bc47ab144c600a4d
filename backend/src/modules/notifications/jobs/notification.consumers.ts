import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { NotificationRecorder } from '../notification-recorder.service';
import { RECORD_NOTIFICATION } from './consumers';

/** The notifications consumer: what a learner's bell shows, recorded once per event. */
@Injectable()
export class NotificationConsumers {
  constructor(private readonly recorder: NotificationRecorder) {}

  /** Returns whether the event was applied (false for a redelivery or an event this consumer ignores). */
  @Consumes(RECORD_NOTIFICATION)
  recordNotification(event: EventEnvelope): Promise<boolean> {
    return this.recorder.record(event);
  }
}
