import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { execute, queryOne } from '../../database/sql.repository';

/** lesson_digest_runs: one row per day whose digest of newly opened lessons went out, with the window it covered. */
@Injectable()
export class LessonDigestRunsRepository {
  /** One run at a time: a concurrent or redelivered run waits here, then finds the day done. */
  async lock(manager: EntityManager): Promise<void> {
    await execute(manager, 'LOCK TABLE lesson_digest_runs IN EXCLUSIVE MODE');
  }

  async isDone(manager: EntityManager, day: string): Promise<boolean> {
    return (await queryOne(manager, 'SELECT 1 FROM lesson_digest_runs WHERE day = $1', [day])) !== undefined;
  }

  /** Where the previous run's window ended: the next window starts there. */
  async lastWindowEnd(manager: EntityManager): Promise<Date | null> {
    const row = await queryOne<{ end: Date | null }>(manager, 'SELECT max(window_end) AS end FROM lesson_digest_runs');
    return row?.end ? new Date(row.end) : null;
  }

  async record(manager: EntityManager, run: { day: string; windowStart: Date; windowEnd: Date; learners: number }): Promise<void> {
    await execute(manager, 'INSERT INTO lesson_digest_runs (day, window_start, window_end, learners, finished_at) VALUES ($1, $2, $3, $4, now())', [
      run.day,
      run.windowStart,
      run.windowEnd,
      run.learners,
    ]);
  }
}
