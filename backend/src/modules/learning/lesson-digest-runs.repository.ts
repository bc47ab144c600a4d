import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { execute, queryOne } from '../../database/sql.repository';

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

type Row = { day: string; window_start: Date; window_end: Date; learners: number | null; last_user_id: string | null; finished: boolean };

const COLUMNS = 'day::text AS day, window_start, window_end, learners, last_user_id, finished_at IS NOT NULL AS finished';

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
    await execute(manager, 'LOCK TABLE lesson_digest_runs IN EXCLUSIVE MODE');
  }

  /** The day's run; `forUpdate` holds its row until the transaction ends, so concurrent runs take batches one after the other. */
  async find(manager: EntityManager, day: string, { forUpdate = false } = {}): Promise<DigestRunRow | undefined> {
    const row = await queryOne<Row>(manager, `SELECT ${COLUMNS} FROM lesson_digest_runs WHERE day = $1${forUpdate ? ' FOR UPDATE' : ''}`, [day]);
    return row && toRun(row);
  }

  /** Where the previous run's window ended: the next window starts there. */
  async lastWindowEnd(manager: EntityManager): Promise<Date | null> {
    const row = await queryOne<{ end: Date | null }>(manager, 'SELECT max(window_end) AS end FROM lesson_digest_runs');
    return row?.end ? new Date(row.end) : null;
  }

  async start(manager: EntityManager, run: { day: string; windowStart: Date; windowEnd: Date }): Promise<DigestRunRow> {
    const row = await queryOne<Row>(
      manager,
      `INSERT INTO lesson_digest_runs (day, window_start, window_end, learners) VALUES ($1, $2, $3, 0) RETURNING ${COLUMNS}`,
      [run.day, run.windowStart, run.windowEnd],
    );
    return toRun(row!);
  }

  /** A batch is written: the run has been through the learners up to `lastUserId`, `learners` more got a digest; `finished` when none are left. */
  async advance(manager: EntityManager, day: string, batch: { lastUserId: string | null; learners: number; finished: boolean }): Promise<void> {
    await execute(
      manager,
      `UPDATE lesson_digest_runs
          SET last_user_id = coalesce($2, last_user_id), learners = coalesce(learners, 0) + $3, finished_at = CASE WHEN $4 THEN now() END
        WHERE day = $1`,
      [day, batch.lastUserId, batch.learners, batch.finished],
    );
  }
}
