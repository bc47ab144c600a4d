import { Injectable } from '@nestjs/common';
import { OWED_COMMAND_QUEUES } from '../queue/job-catalogue';
import { QueueService, type QueueCounts } from '../queue/queue.service';
import { EventDeliveriesRepository } from './event-deliveries.repository';
import { OutboxRepository } from './outbox.repository';
import { OwedCommandsRepository } from './owed-commands.repository';

/** Reads closer together than this share one answer: a busy Prometheus, several scrapers and the console cannot load the database. */
const FRESH_MS = 2_000;

/** How the installation's deliveries stand: what /metrics exports and the console's system status shows, from one reading. */
export interface DeliveryFiguresReading {
  queues: QueueCounts[];
  deliveries: { pending: number; dead: number; oldestPendingSeconds: number | null };
  commands: { owed: number; failed: number; dead: number; oldestOwedSeconds: number | null };
  mails: { owed: number; failed: number; dead: number; oldestOwedSeconds: number | null };
  /** The owed commands other than mail (mail has its own health: MailHealth). */
  otherCommands: { owed: number; failed: number; dead: number; oldestOwedSeconds: number | null };
  outbox: { count: number; oldestSeconds: number };
}

/**
 * The figures that belong to the whole installation rather than a process:
 * queue depths, event deliveries and owed commands (pending, dead, oldest),
 * mails still owed and the outbox backlog; the same sources the console's
 * queue page reads, cached for 2 s.
 */
@Injectable()
export class DeliveryFigures {
  private reading: DeliveryFiguresReading | null = null;
  private readAt = 0;
  private inFlight: Promise<DeliveryFiguresReading> | null = null;

  constructor(
    private readonly queues: QueueService,
    private readonly deliveries: EventDeliveriesRepository,
    private readonly commands: OwedCommandsRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  async current(): Promise<DeliveryFiguresReading> {
    if (this.reading && Date.now() - this.readAt < FRESH_MS) return this.reading;
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async read(): Promise<DeliveryFiguresReading> {
    const names = Object.keys(OWED_COMMAND_QUEUES);
    const [queues, deliveries, commands, mails, otherCommands, outbox] = await Promise.all([
      this.queues.counts(),
      this.deliveries.counts(),
      this.commands.counts(names),
      this.commands.counts(['send-email']),
      this.commands.counts(names.filter((n) => n !== 'send-email')),
      this.outbox.unpublishedStats(),
    ]);
    this.reading = { queues, deliveries, commands, mails, otherCommands, outbox };
    this.readAt = Date.now();
    return this.reading;
  }
}
