import { Injectable } from '@nestjs/common';
import { QueueService, type QueueCounts } from '../queue/queue.service';
import { EventDeliveriesRepository } from './event-deliveries.repository';
import { OutboxRepository } from './outbox.repository';
import { OwedCommandsRepository } from './owed-commands.repository';

/** Reads closer together than this share one answer: a busy Prometheus, several scrapers and the console cannot load the database. */
const FRESH_MS = 2_000;

/** Work still owed and work that stopped retrying, with the age of the oldest owed (seconds; null when none). */
export interface OpenWork {
  owed: number;
  dead: number;
  oldestOwedSeconds: number | null;
}

/** How the installation's deliveries stand: what /metrics exports and the console's system status shows, from one reading. */
export interface DeliveryFiguresReading {
  queues: QueueCounts[];
  /** Event deliveries, in all and per queue. */
  deliveries: OpenWork & { byQueue: Array<OpenWork & { queue: string }> };
  /** Owed commands (mails, captures, ...), in all and per queue. */
  commands: OpenWork & { byQueue: Array<OpenWork & { queue: string }> };
  /** The owed commands that are mails. */
  mails: OpenWork;
  /** The owed commands other than mail (mail has its own health: MailHealth). */
  otherCommands: OpenWork;
  outbox: { count: number; oldestSeconds: number };
}

function sum(rows: readonly OpenWork[]): OpenWork {
  const ages = rows.map((r) => r.oldestOwedSeconds).filter((a): a is number => a !== null);
  return {
    owed: rows.reduce((n, r) => n + r.owed, 0),
    dead: rows.reduce((n, r) => n + r.dead, 0),
    oldestOwedSeconds: ages.length > 0 ? Math.max(...ages) : null,
  };
}

function byQueue(rows: ReadonlyArray<OpenWork & { queue: string }>): Array<OpenWork & { queue: string }> {
  const queues = [...new Set(rows.map((r) => r.queue))].sort();
  return queues.map((queue) => ({ queue, ...sum(rows.filter((r) => r.queue === queue)) }));
}

/**
 * The figures that belong to the whole installation rather than a process:
 * queue depths, event deliveries and owed commands (owed, dead, oldest; per
 * queue), mails still owed and the outbox backlog; cached for 2 s.
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
    const [queues, deliveryRows, commandRows, outbox] = await Promise.all([
      this.queues.counts(),
      this.deliveries.openByQueue(),
      this.commands.openByName(),
      this.outbox.unpublishedStats(),
    ]);
    const deliveries = deliveryRows.map((r) => ({ queue: r.queue, owed: r.pending, dead: r.dead, oldestOwedSeconds: r.oldest }));
    const commands = commandRows.map((r) => ({ name: r.name, queue: r.queue, owed: r.owed + r.failed, dead: r.dead, oldestOwedSeconds: r.oldest }));
    this.reading = {
      queues,
      deliveries: { ...sum(deliveries), byQueue: byQueue(deliveries) },
      commands: { ...sum(commands), byQueue: byQueue(commands) },
      mails: sum(commands.filter((c) => c.name === 'send-email')),
      otherCommands: sum(commands.filter((c) => c.name !== 'send-email')),
      outbox,
    };
    this.readAt = Date.now();
    return this.reading;
  }
}
