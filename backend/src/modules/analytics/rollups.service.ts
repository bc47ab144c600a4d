import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { withoutQueryTimeout } from '../../database/pool-guard';
import type { AnyEnvelope, CheckoutSource, EventEnvelope } from '../../events/event-catalogue';
import { EventDeliveriesRepository } from '../../events/event-deliveries.repository';
import type { Consumed } from '../../events/processed-events.service';
import { TransactionRunner } from '../../events/transaction-runner';
import type { AuthUser } from '../../common/auth/auth-user';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit';
import { SettingsService } from '../settings';
import { ROLLUP_CONSUMER, ROLLUP_EVENTS } from './jobs/consumers';
import type { RecomputeRun } from './dto/analytics.dto';
import { FunnelRepository } from './funnel.repository';
import { ROLLUP_TABLES, RollupsRepository, type RollupTable } from './rollups.repository';

/** Nightly, after the day has closed in UTC. */
export const RECOMPUTE_CRON = '30 3 * * *';

export interface RecomputeReport {
  runId: number;
  eventsReplayed: number;
  /** Events in the log this consumer had never recorded (lost on the way); the recompute counts them and records them as consumed. */
  unconsumedEvents: number;
  unconsumedSamples: Array<{ id: string; type: string; occurredAt: string }>;
  /** Rows that differed between the incremental rollups and the replay, per table (0 everywhere means they agreed). */
  differences: Record<RollupTable, number>;
  samples: Record<string, unknown[]>;
  durationMs: number;
}

/** Events that show a user was active that day. */
const ACTIVITY_EVENTS: string[] = [
  'account.created',
  'user.logged_in',
  'lesson.completed',
  'course.completed',
  'course.started',
  'quiz.attempted',
] satisfies ActivityEvent[];
const SAMPLES = 5;

const NO_SOURCE: CheckoutSource = { affiliateCode: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerDomain: null, couponCode: null };

/** A payload's source with every field present (events recorded before it was added have none). */
const sourceOf = (source: Partial<CheckoutSource> | null | undefined): CheckoutSource => ({
  affiliateCode: source?.affiliateCode ?? null,
  utmSource: source?.utmSource ?? null,
  utmMedium: source?.utmMedium ?? null,
  utmCampaign: source?.utmCampaign ?? null,
  referrerDomain: source?.referrerDomain ?? null,
  couponCode: source?.couponCode ?? null,
});

type RollupEvent = (typeof ROLLUP_EVENTS)[number];

type ActivityEvent = 'account.created' | 'user.logged_in' | 'lesson.completed' | 'course.completed' | 'course.started' | 'quiz.attempted';

/** An event of a learner's own activity (the cases below that `break`), with the user it is about. */
function isActivityEvent(event: EventEnvelope): event is AnyEnvelope<ActivityEvent> {
  return ACTIVITY_EVENTS.includes(event.type);
}

/** The events the rollups count, with their payloads typed by the catalogue. */
function isRollupEvent(event: EventEnvelope): event is AnyEnvelope<RollupEvent> {
  return (ROLLUP_EVENTS as readonly string[]).includes(event.type);
}

/**
 * The analytics rollups, kept two ways that must agree: incrementally, one
 * event at a time (idempotent through processed_events), and by replaying
 * the event log (the outbox rows this consumer has processed), which the
 * nightly job does to rebuild them and report any drift.
 */
@Injectable()
export class RollupsService implements OnModuleInit {
  private readonly logger = new Logger(RollupsService.name);

  constructor(
    private readonly rollups: RollupsRepository,
    private readonly funnel: FunnelRepository,
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly deliveries: EventDeliveriesRepository,
    private readonly handlers: JobHandlers,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
  ) {}

  /** The zone the rollups' days were last seen in by this process. */
  private zone?: string;

  onModuleInit(): void {
    this.handlers.schedule('analytics-recompute', { cron: RECOMPUTE_CRON }, {});
    // A new Timezone moves every day boundary: the rollups are rebuilt from the log in the new zone.
    this.settings
      .timeZone()
      .then((zone) => (this.zone ??= zone))
      .catch(() => undefined);
    this.settings.onChange((section) => {
      if (section === 'general') void this.followTimeZone();
    });
  }

  private async followTimeZone(): Promise<void> {
    try {
      const zone = await this.settings.timeZone();
      if (this.zone === undefined || this.zone === zone) {
        this.zone = zone;
        return;
      }
      this.zone = zone;
      // One job whichever process noticed first (every process hears of the change).
      await this.queues.enqueue(
        'analytics-recompute',
        { requestedBy: `timezone ${zone}` },
        { jobId: `analytics-recompute-timezone-${zone.replace('/', '-')}`, removeOnComplete: true },
      );
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'Analytics not rebuilt after a timezone change');
    }
  }

  /** The consumer's answer: whether the event was applied, and settled (in apply's transaction) when it is one the rollups count. */
  async consume(event: EventEnvelope): Promise<Consumed<{ applied: boolean }>> {
    const applied = await this.apply(event);
    return isRollupEvent(event) ? { applied, settled: true } : { applied };
  }

  /** Applies one event; a redelivered event changes nothing. Returns whether it was applied. */
  async apply(event: EventEnvelope): Promise<boolean> {
    if (!isRollupEvent(event)) return false;
    const applied = await this.tx.run(async ({ manager }) => {
      // The table lock comes before the consumed-marker: while a recompute holds the tables, this waits without
      // holding a marker the recompute would have to wait for (no deadlock), then sees the recompute's markers.
      await this.rollups.lockForEvent(manager);
      if (!(await this.deliveries.settle(manager, ROLLUP_CONSUMER, event.id))) return false;
      const zone = await this.settings.timeZone();
      const { day, at } = await this.rollups.eventTime(manager, event.id, event.occurredAt, zone);
      await this.applyEffect(manager, event, day, at, zone);
      return true;
    });
    return applied;
  }

  private async applyEffect(manager: EntityManager, event: AnyEnvelope<RollupEvent>, day: string, at: string, zone: string): Promise<void> {
    // A learner's own rows (their activity) are locked before the day's shared rows, by every event: a new account and its
    // first sign-in handled at once by two workers would otherwise take the same two rows in opposite orders (a deadlock).
    if (isActivityEvent(event)) await this.recordActivity(manager, event.payload.userId, day, at);
    switch (event.type) {
      case 'account.created':
        await this.rollups.bump(manager, day, 'new_signups', 1);
        break;
      case 'user.created':
        await this.rollups.bump(manager, day, 'new_signups', 1);
        return;
      case 'user.logged_in':
        break;
      case 'payment.created': {
        // The checkout's source is kept, so its payment and refund count under it too.
        const source = sourceOf(event.payload.source);
        await this.funnel.storePaymentSource(manager, event.payload.paymentId, source);
        await this.funnel.bump(manager, day, source, { checkouts: 1 });
        return;
      }
      case 'payment.confirmed': {
        // Revenue is kept per currency only (revenue_daily): amounts in different currencies are never added up.
        const { currency, amount } = event.payload;
        await this.rollups.bump(manager, day, 'payments_confirmed', 1);
        await this.rollups.bumpRevenue(manager, day, currency, { revenue: amount, payments: 1 });
        await this.funnel.bump(manager, day, await this.checkoutSource(manager, event.payload.paymentId), { paid: 1 });
        if (await this.rollups.isRecovery(manager, event.payload.paymentId)) {
          await this.rollups.bumpRecovery(manager, day, currency, { sales: 1, revenue: amount });
        }
        return;
      }
      case 'checkout.recovery_reminder_due':
        await this.rollups.rememberRecovery(manager, event.payload.paymentId);
        await this.rollups.bumpRecovery(manager, day, event.payload.currency, { reminders: 1 });
        return;
      case 'checkout.resumed':
        await this.rollups.rememberRecovery(manager, event.payload.paymentId);
        return;
      case 'payment.refunded': {
        // Revenue is paid minus refunded by payment date: the refund comes off the day the payment was paid (in its own currency).
        const { currency, amount, paidAt } = event.payload;
        const paidDay = paidAt ? await this.rollups.dayOf(manager, paidAt, zone) : day;
        await this.rollups.bump(manager, day, 'payments_refunded', 1);
        await this.rollups.bumpRevenue(manager, paidDay, currency, { revenue: `-${amount}` });
        await this.rollups.bumpRevenue(manager, day, currency, { refunds: 1 });
        await this.funnel.bump(manager, day, await this.checkoutSource(manager, event.payload.paymentId), { refunded: 1 });
        return;
      }
      case 'lesson.completed':
        await this.rollups.bump(manager, day, 'lesson_completions', 1);
        break;
      case 'course.completed':
        await this.rollups.bump(manager, day, 'course_completions', 1);
        await this.rollups.bumpCourse(manager, event.payload.courseId, day, { completions: 1 });
        break;
      case 'course.started':
        await this.rollups.bump(manager, day, 'enrollments', 1);
        await this.rollups.bumpCourse(manager, event.payload.courseId, day, { enrollments: 1, revenue: event.payload.price ?? '0' });
        break;
      case 'quiz.attempted': {
        const passed = event.payload.passed ? 1 : 0;
        await this.rollups.bump(manager, day, 'quiz_attempts', 1);
        if (passed) await this.rollups.bump(manager, day, 'quiz_passes', 1);
        await this.rollups.bumpCourse(manager, event.payload.courseId, day, { quizAttempts: 1, quizPasses: passed });
        break;
      }
      case 'certificate.issued':
        await this.rollups.bump(manager, day, 'certificates_issued', 1);
        await this.rollups.bumpCourse(manager, event.payload.courseId, day, { certificatesIssued: 1 });
        return;
      default:
        return;
    }
  }

  /**
   * The source a payment's checkout was counted under: kept when its payment.created was applied, else (that event
   * is still on its way: deliveries are not ordered) read from the event itself, as the recompute does; none without one.
   */
  private async checkoutSource(manager: EntityManager, paymentId: string): Promise<CheckoutSource> {
    const kept = await this.funnel.paymentSource(manager, paymentId);
    if (kept) return kept;
    const logged = await this.funnel.checkoutSourceInLog(manager, paymentId);
    return logged ? sourceOf(logged) : NO_SOURCE;
  }

  /** A user's first event of a day makes them one of that day's active users; their last-activity day moves forward. */
  private async recordActivity(manager: EntityManager, userId: string, day: string, at: string): Promise<void> {
    if (await this.rollups.recordDailyActivity(manager, userId, day, at)) await this.rollups.bump(manager, day, 'active_users', 1);
    if (await this.rollups.insertLastActivity(manager, userId, day)) {
      await this.rollups.bumpLastActivityDay(manager, day, 1);
      return;
    }
    const lastDay = await this.rollups.lockLastActivity(manager, userId);
    if (lastDay >= day) return;
    await this.rollups.setLastActivity(manager, userId, day);
    await this.rollups.bumpLastActivityDay(manager, lastDay, -1);
    await this.rollups.bumpLastActivityDay(manager, day, 1);
  }

  /**
   * Rebuilds every rollup from the event log itself (every event of the
   * rollup types that happened, consumed or not), reports how many rows
   * differed from the incremental rollups and which events this consumer had
   * never recorded, replaces the rollups and records those events as
   * consumed (so a late delivery of one adds nothing twice). Consumers wait
   * on the table lock while it runs.
   */
  async recompute(requestedBy: string | null): Promise<RecomputeReport> {
    const started = Date.now();
    const runId = await this.rollups.startRun(requestedBy);
    try {
      const zone = await this.settings.timeZone();
      // The rebuild lifts statement_timeout for itself (beginRebuild): the client must not give up on it either.
      const report = await this.dataSource.transaction((manager) =>
        withoutQueryTimeout(manager, async () => {
          await this.rollups.beginRebuild(manager);
          const staged = await this.rollups.stageReplay(manager, ROLLUP_CONSUMER, ROLLUP_EVENTS, zone);
          const unconsumedSamples =
            staged.unconsumed > 0
              ? (await this.rollups.unconsumedSamples(manager, SAMPLES)).map((r) => ({ id: r.id, type: r.type, occurredAt: new Date(r.at).toISOString() }))
              : [];
          await this.rollups.computeExpected(manager, ACTIVITY_EVENTS, zone);
          const differences = {} as RecomputeReport['differences'];
          const samples: Record<string, unknown[]> = {};
          for (const table of ROLLUP_TABLES) {
            const result = await this.rollups.reconcileTable(manager, table, SAMPLES);
            differences[table] = result.n;
            samples[table] = result.samples;
          }
          if (staged.unconsumed > 0) await this.rollups.settleUnconsumed(manager, ROLLUP_CONSUMER);
          return { eventsReplayed: staged.n, unconsumedEvents: staged.unconsumed, unconsumedSamples, differences, samples };
        }),
      );
      await this.rollups.vacuum(ROLLUP_TABLES.filter((t) => report.differences[t] > 0));
      const full: RecomputeReport = { runId, ...report, durationMs: Date.now() - started };
      await this.rollups.finishRun(runId, full.eventsReplayed, {
        counts: full.differences,
        samples: full.samples,
        unconsumedEvents: full.unconsumedEvents,
        unconsumedSamples: full.unconsumedSamples,
      });
      const drift = Object.values(full.differences).reduce((a, b) => a + b, 0);
      if (drift > 0 || full.unconsumedEvents > 0) {
        this.logger.warn(
          { runId, differences: full.differences, samples: full.samples, unconsumedEvents: full.unconsumedEvents, unconsumedSamples: full.unconsumedSamples },
          'Analytics recompute found drift (or events never consumed) and rebuilt the rollups from the event log',
        );
      } else {
        this.logger.log({ runId, eventsReplayed: full.eventsReplayed, ms: full.durationMs }, 'Analytics recompute: rollups agree with the event log');
      }
      return full;
    } catch (err) {
      await this.rollups.failRun(runId, (err as Error).message);
      throw err;
    }
  }

  /** An administrator's "recompute now": the job is queued and the request audited. */
  async requestRecompute(actor: AuthUser): Promise<void> {
    await this.queues.enqueue('analytics-recompute', { requestedBy: actor.email });
    await this.audit.record(null, { actor, action: 'recompute', resource: 'analytics', summary: 'Requested an analytics recompute' });
  }

  /** The scheduled (nightly) or admin-requested recompute job. */
  @HandlesCommand('analytics-recompute')
  recomputeJob({ requestedBy }: { requestedBy?: string }): Promise<RecomputeReport> {
    return this.recompute(requestedBy ?? 'schedule');
  }

  recentRuns(limit = 10): Promise<RecomputeRun[]> {
    return this.rollups.recentRuns(limit);
  }
}
