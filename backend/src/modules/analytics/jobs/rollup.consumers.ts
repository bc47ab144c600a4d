import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { RollupsService } from '../rollups.service';
import { UPDATE_ROLLUPS } from './consumers';

/** The analytics consumer: every counted event moves the daily rollups once. */
@Injectable()
export class RollupConsumers {
  constructor(private readonly rollups: RollupsService) {}

  /** Returns whether the event was applied (false for a redelivery or an event the rollups do not count). */
  @Consumes(UPDATE_ROLLUPS)
  updateRollups(event: EventEnvelope): Promise<boolean> {
    return this.rollups.apply(event);
  }
}
