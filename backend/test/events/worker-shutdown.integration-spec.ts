import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { JobHandlers } from '../../src/queue/job-handlers';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { QueueWorkers } from '../../src/queue/queue-workers';
import { WorkerModule } from '../../src/worker.module';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * A worker stopped at any moment (SIGTERM during a deploy) finishes the jobs
 * it holds against open connections and starts nothing afterwards, even when
 * the signal lands while it is still starting up.
 */
describe('worker shutdown', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const maintenance = () => app.api.get(QueueService).queue(QueueName.Maintenance);

  it('a job under way when the worker stops finishes against an open database', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let outcome: unknown;
    await app.startWorker((worker) =>
      worker.get(JobHandlers).consumer('shutdown-test-slow', async () => {
        started = true;
        await gate;
        outcome = await worker
          .get(DataSource)
          .query('SELECT 1 AS one')
          .catch((err: Error) => err.message);
      }),
    );
    await maintenance().add('shutdown-test-slow', {}, { jobId: 'shutdown-slow-1', attempts: 1 });
    await eventually(async () => started, { what: 'the slow job to start' });

    const stopping = app.stopWorker();
    setTimeout(release, 300);
    await stopping;

    expect(outcome).toEqual([{ one: 1 }]);
    expect(await (await maintenance().getJob('shutdown-slow-1'))?.isCompleted()).toBe(true);
  });

  it('a worker whose shutdown began before its consumers started never starts them', async () => {
    Object.assign(process.env, app.env);
    const worker = await NestFactory.createApplicationContext(WorkerModule.register(), { logger: ['error'] });
    let ran = 0;
    worker.get(JobHandlers).consumer('shutdown-test-late', async () => {
      ran += 1;
    });
    // The signal arrives while worker.ts still applies its schedules: Nest runs the shutdown, then start() is reached.
    await worker.close();
    worker.get(QueueWorkers).start();
    expect(worker.get(QueueWorkers).running).toBe(false);

    await maintenance().add('shutdown-test-late', {}, { jobId: 'shutdown-late-1', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ran).toBe(0);
    expect(await maintenance().getJobState('shutdown-late-1')).toBe('waiting');
    await maintenance().remove('shutdown-late-1');
  });
});
