// Tracing first: its instrumentations wrap http, pg and ioredis as they load.
import './tracing';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { getPriority, setPriority } from 'node:os';
import { Logger } from 'nestjs-pino';
import { QuietStartLogger } from './common/logging/quiet-start-logger';
import { RedriveService } from './events/redrive.service';
import { closeWhenLauncherExits } from './lifecycle';
import { JobHandlers } from './queue/job-handlers';
import { QueueService } from './queue/queue.service';
import { QueueWorkers } from './queue/queue-workers';
import { WorkerModule } from './worker.module';
import { ConfigType } from '@nestjs/config';
import { appConfig } from './config';
import { startMetricsServer } from './common/metrics/metrics-http';
import { ClusterMetrics } from './modules/ops';

const SHUTDOWN_GRACE_MS = 30_000;
/** Schedulers live in Redis: re-upserting them often restores them soon after Redis lost its data (the re-drive among them). */
const REAPPLY_SCHEDULES_MS = 10_000;

/** The worker process: BullMQ processors and job schedulers, no HTTP. */
async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(new QuietStartLogger(logger));
  // A signal may come at any point of the start-up below: the grace timer is armed before Nest's
  // shutdown listener, so both see the first signal, and the steps still ahead are skipped.
  const state: { stopping: boolean; reapply?: NodeJS.Timeout } = { stopping: false };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      state.stopping = true;
      clearInterval(state.reapply);
      setTimeout(() => {
        logger.warn(`Worker did not stop within ${SHUTDOWN_GRACE_MS} ms; exiting`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
    });
  }
  app.enableShutdownHooks();

  const config = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  try {
    // Background work yields the CPU to the requests people wait on (a process may lower its own priority, never raise it).
    setPriority(Math.max(getPriority(), config.workerNice));
  } catch (err) {
    logger.warn(`Could not set the worker's niceness to ${config.workerNice}: ${(err as Error).message}`);
  }
  const queues = app.get(QueueService);
  const handlers = app.get(JobHandlers);
  // Redis may drop again between connecting and here: the interval below applies the schedules once it answers.
  await Promise.all(handlers.declaredSchedules().map((spec) => queues.applySchedule(spec))).catch((err: Error) =>
    logger.warn(`Could not apply job schedulers yet (Redis unavailable?): ${err.message}`),
  );
  // Stopped while the schedules were applied: the shutdown under way must not find consumers it did not start with.
  if (state.stopping) return;
  app.get(QueueWorkers).start();
  // What was owed before this worker started (a crash, a lost queue, an upgrade) is delivered now, not at the first scheduled sweep.
  const redrive = app.get(RedriveService);
  void redrive
    .backfillOnce()
    .then(() => redrive.sweep())
    .catch((err: Error) => logger.warn(`Start-up re-drive failed (the scheduled one will retry): ${err.message}`));
  // Read the declarations each time: a module may re-declare a schedule when a setting changes (backup frequency).
  state.reapply = setInterval(() => {
    Promise.all(handlers.declaredSchedules().map((spec) => queues.applySchedule(spec))).catch((err: Error) =>
      logger.warn(`Could not re-apply job schedulers (Redis unavailable?): ${err.message}`),
    );
  }, REAPPLY_SCHEDULES_MS);
  state.reapply.unref();

  if (config.workerMetricsPort > 0) {
    // This worker's own figures (jobs it ran, mails it sent, its pool, event loop and memory); the cluster's are on the API's.
    const cluster = app.get(ClusterMetrics);
    const server = await startMetricsServer(config.workerMetricsPort, config.metricsHost, config.metricsToken, async () => {
      cluster.readPool();
      return [];
    });
    logger.log(`Worker metrics on http://${config.metricsHost}:${config.workerMetricsPort}/metrics`);
    process.once('beforeExit', () => server.close());
  }
  closeWhenLauncherExits(app);
  logger.log('Worker started');
}

bootstrap().catch((err: Error) => {
  console.error(`Worker failed to start: ${err.message}`);
  process.exit(1);
});
