import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne } from '../../database/sql.repository';
import type {
  IAdvanceDigestRunQuery,
  IDigestRunQuery,
  IDigestRunResult,
  ILastDigestWindowEndQuery,
  ILockDigestRunQuery,
  ILockDigestRunsQuery,
  IStartDigestRunQuery,
} from './lesson-digest-runs.repository.types';

/** A day's digest run: the window it covers, how far through the learners it got, whether it finished. */
export interface DigestRunRow {
  day: string;
  windowStart: Date;
  windowEnd: Date;
  /** Learners written a digest so far. */
  learners: number;
  /** The last learner (user id order) the run has been through; null before the first batch. */
  lastUserId: string | null;
  finished: boolean;
}

/* Typed against the schema by pgtyped (npm run db:types writes lesson-digest-runs.repository.types.ts). */
const lockDigestRuns = sql<ILockDigestRunsQuery>`LOCK TABLE lesson_digest_runs IN EXCLUSIVE MODE`;
const digestRun = sql<IDigestRunQuery>`
  SELECT day::text AS "day!", window_start, window_end, learners, last_user_id, finished_at IS NOT NULL AS "finished!" FROM lesson_digest_runs WHERE day = $day!`;
const lockDigestRun = sql<ILockDigestRunQuery>`
  SELECT day::text AS "day!", window_start, window_end, learners, last_user_id, finished_at IS NOT NULL AS "finished!" FROM lesson_digest_runs WHERE day = $day!
     FOR UPDATE`;
const lastDigestWindowEnd = sql<ILastDigestWindowEndQuery>`SELECT max(window_end) AS end FROM lesson_digest_runs`;
const startDigestRun = sql<IStartDigestRunQuery>`
  INSERT INTO lesson_digest_runs (day, window_start, window_end, learners) VALUES ($day!, $windowStart!, $windowEnd!, 0)
  RETURNING day::text AS "day!", window_start, window_end, learners, last_user_id, finished_at IS NOT NULL AS "finished!"`;
const advanceDigestRun = sql<IAdvanceDigestRunQuery>`
  UPDATE lesson_digest_runs
     SET last_user_id = coalesce($lastUserId, last_user_id), learners = coalesce(learners, 0) + $learners!, finished_at = CASE WHEN $finished! THEN now() END
   WHERE day = $day!`;

type Row = IDigestRunResult;

const toRun = (r: Row): DigestRunRow => ({
  day: r.day,
  windowStart: new Date(r.window_start),
  windowEnd: new Date(r.window_end),
  learners: r.learners ?? 0,
  lastUserId: r.last_user_id,
  finished: r.finished,
});

/** lesson_digest_runs: one row per day whose digest of newly opened lessons went out (or is going out), with the window it covers. */
@Injectable()
export class LessonDigestRunsRepository {
  /** One run starts at a time: a concurrent or redelivered run waits here, then finds the day's row. */
  async lock(manager: EntityManager): Promise<void> {
    await typedExecute(manager, lockDigestRuns, undefined);
  }

  /** The day's run; `forUpdate` holds its row until the transaction ends, so concurrent runs take batches one after the other. */
  async find(manager: EntityManager, day: string, { forUpdate = false } = {}): Promise<DigestRunRow | undefined> {
    const row = await typedOne(manager, forUpdate ? lockDigestRun : digestRun, { day });
    return row && toRun(row);
  }

  /** Where the previous run's window ended: the next window starts there. */
  async lastWindowEnd(manager: EntityManager): Promise<Date | null> {
    const row = await typedOne(manager, lastDigestWindowEnd, undefined);
    return row?.end ? new Date(row.end) : null;
  }

  async start(manager: EntityManager, run: { day: string; windowStart: Date; windowEnd: Date }): Promise<DigestRunRow> {
    const row = await typedOne(manager, startDigestRun, run);
    return toRun(row!);
  }

  /** A batch is written: the run has been through the learners up to `lastUserId`, `learners` more got a digest; `finished` when none are left. */
  async advance(manager: EntityManager, day: string, batch: { lastUserId: string | null; learners: number; finished: boolean }): Promise<void> {
    await typedExecute(manager, advanceDigestRun, { day, ...batch });
  }
}
