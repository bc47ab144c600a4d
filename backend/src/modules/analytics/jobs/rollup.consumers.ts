import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import type { Consumed } from '../../../events/processed-events.service';
import { RollupsService } from '../rollups.service';
import { UPDATE_ROLLUPS } from './consumers';

/** The analytics consumer: every counted event moves the daily rollups once. */
@Injectable()
export class RollupConsumers {
  constructor(private readonly rollups: RollupsService) {}

  /** Whether the event was applied (false for a redelivery or an event the rollups do not count); settled in its transaction. */
  @Consumes(UPDATE_ROLLUPS)
  updateRollups(event: EventEnvelope): Promise<Consumed<{ applied: boolean }>> {
    return this.rollups.consume(event);
  }
}
