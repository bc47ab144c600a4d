import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EXACT_COUNT_LIMIT, type Page, type PagedListQuery, type SortKey } from '../common/http/list-paging';
import { WhereBuilder } from '../common/http/where-builder';
import { listPage, listWithTotal, type ListSource } from '../database/list-page.repository';
import { execute, queryOne, queryRows } from '../database/sql.repository';

export type CommandState = 'owed' | 'sent' | 'failed' | 'dead';

/** A command still owed, as the re-drive needs it to enqueue it again. */
export interface DueCommand {
  id: string;
  name: string;
  queue: string;
  payload: Record<string, unknown> | null;
  job_id: string;
  job_attempts: number | null;
  checks: number;
  redrives: number;
}

export interface NewOwedCommand {
  id: string;
  name: string;
  queue: string;
  key: string | null;
  summary: Record<string, unknown>;
  /** JSON text of the command's data. */
  payload: string;
  jobId: string;
  jobAttempts: number | null;
}

export interface CommandCounts {
  owed: number;
  failed: number;
  dead: number;
  oldestOwedSeconds: number | null;
}

/** How one kind of command is doing (the mail health): the newest success and failure, what is still owed. */
export interface CommandHealthRow {
  last_done_at: Date | null;
  last_failed_at: Date | null;
  /** Commands still retrying whose last attempt failed within the window (dead ones are counted apart). */
  recent_failures: number;
  unsent: number;
  oldest_unsent_seconds: number | null;
  dead_recently: number;
}

/** A command as the console lists it (no payload: a mail body may carry a one-time link). */
export interface CommandListRow {
  id: string;
  name: string;
  key: string | null;
  summary: Record<string, unknown>;
  state: CommandState;
  attempts: number;
  redrives: number;
  last_error: string | null;
  last_failed_at: Date | null;
  created_at: Date;
  done_at: Date | null;
  dead_at: Date | null;
}

export interface CommandListFilter {
  state?: CommandState;
  /** A whole recipient address (summary.to), any case. */
  to?: string;
}

/** The console's sort: newest first, on the (name, created_at, id) indexes. */
export const COMMAND_SORT_KEYS: Record<string, SortKey> = {
  createdAt: { expr: 'created_at', type: 'timestamptz' },
};

const LIST_COLUMNS = 'id, name, key, summary, state, attempts, redrives, last_error, last_failed_at, created_at, done_at, dead_at';

/**
 * owed_commands: the side effects the product owes (a mail to send, an order
 * to capture). A row is written in the transaction that decides the effect
 * and marked sent in the transaction that performs it (or right after it, for
 * an effect outside PostgreSQL), so the rows still owed are exactly the work
 * not done, and the re-drive scans only those.
 */
@Injectable()
export class OwedCommandsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the command in the caller's transaction; false when a command of that name and key is owed or done already. */
  async insert(manager: EntityManager, command: NewOwedCommand, graceSeconds: number): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `INSERT INTO owed_commands (id, name, queue, key, summary, payload, job_id, job_attempts, check_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, clock_timestamp() + make_interval(secs => $9::double precision))
       ON CONFLICT (name, key) WHERE key IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        command.id,
        command.name,
        command.queue,
        command.key,
        JSON.stringify(command.summary),
        command.payload,
        command.jobId,
        command.jobAttempts,
        graceSeconds,
      ],
    );
    return rows.length === 1;
  }

  /**
   * Locks the command for the caller's transaction (a duplicate job of the
   * same command waits here until the first commits). Answers whether it is
   * still to do: false once sent.
   */
  async claim(manager: EntityManager, id: string): Promise<boolean> {
    const row = await queryOne<{ state: CommandState }>(manager, `SELECT state FROM owed_commands WHERE id = $1 FOR UPDATE`, [id]);
    return row !== undefined && row.state !== 'sent';
  }

  /** Marks the command done (one more attempt, its data dropped). Answers whether this call did. */
  async complete(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `UPDATE owed_commands SET state = 'sent', attempts = attempts + 1, done_at = clock_timestamp(), dead_at = NULL, payload = NULL
        WHERE id = $1 AND state <> 'sent' RETURNING id`,
      [id],
    );
    return rows.length === 1;
  }

  /** Marks the command of that name and key done (the reconciler did what a job was owed). */
  async completeByKey(manager: EntityManager, name: string, key: string): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `UPDATE owed_commands SET state = 'sent', attempts = attempts + 1, done_at = clock_timestamp(), dead_at = NULL, payload = NULL
        WHERE name = $1 AND key = $2 AND state <> 'sent' RETURNING id`,
      [name, key],
    );
    return rows.length === 1;
  }

  /** An attempt failed (the job will retry, or it was the last one). */
  async attemptFailed(id: string, error: string): Promise<void> {
    await execute(
      this.dataSource.manager,
      `UPDATE owed_commands SET state = 'failed', attempts = attempts + 1, last_error = $2, last_failed_at = clock_timestamp()
        WHERE id = $1 AND state IN ('owed', 'failed')`,
      [id, error.slice(0, 2000)],
    );
  }

  /** A dead letter: nobody retries it until an admin does. Answers whether this call marked it. */
  async markDead(id: string, error: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE owed_commands SET state = 'dead', dead_at = clock_timestamp(), last_error = $2, last_failed_at = coalesce(last_failed_at, clock_timestamp())
        WHERE id = $1 AND state IN ('owed', 'failed') RETURNING id`,
      [id, error.slice(0, 2000)],
    );
    return rows.length === 1;
  }

  /** Leases up to `limit` due commands (their next check pushed `leaseSeconds` out, so a second sweeper skips them). */
  async leaseDue(limit: number, leaseSeconds: number): Promise<DueCommand[]> {
    return queryRows(
      this.dataSource.manager,
      `WITH due AS (
         SELECT id FROM owed_commands
          WHERE state IN ('owed', 'failed') AND check_at <= clock_timestamp()
          ORDER BY check_at
          LIMIT $1
            FOR UPDATE SKIP LOCKED
       )
       UPDATE owed_commands c SET check_at = clock_timestamp() + make_interval(secs => $2::double precision)
         FROM due WHERE c.id = due.id
       RETURNING c.id, c.name, c.queue, c.payload, c.job_id, c.job_attempts, c.checks, c.redrives`,
      [limit, leaseSeconds],
    );
  }

  /** The job is alive (waiting, running or retrying): look again later; a row its running job holds is left as leased (no wait). */
  async postpone(id: string, checks: number, afterSeconds: number): Promise<void> {
    await execute(
      this.dataSource.manager,
      `UPDATE owed_commands SET checks = $2, check_at = clock_timestamp() + make_interval(secs => $3::double precision)
        WHERE id = (SELECT id FROM owed_commands WHERE id = $1 FOR UPDATE SKIP LOCKED)`,
      [id, checks, afterSeconds],
    );
  }

  /** Enqueued again under a new job id. */
  async redriven(id: string, jobId: string, afterSeconds: number): Promise<void> {
    await execute(
      this.dataSource.manager,
      `UPDATE owed_commands SET job_id = $2, redrives = redrives + 1, checks = 0,
              check_at = clock_timestamp() + make_interval(secs => $3::double precision)
        WHERE id = (SELECT id FROM owed_commands WHERE id = $1 FOR UPDATE SKIP LOCKED) AND state IN ('owed', 'failed')`,
      [id, jobId, afterSeconds],
    );
  }

  /** Brings failed and dead commands of a name back: due now, with a fresh allowance of re-drives. Answers how many. */
  async revive(name: string, ids: readonly string[] | undefined): Promise<number> {
    return execute(
      this.dataSource.manager,
      `UPDATE owed_commands SET state = 'owed', dead_at = NULL, redrives = 0, checks = 0, job_id = '', check_at = clock_timestamp()
        WHERE name = $1 AND state IN ('failed', 'dead') AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
      [name, ids ?? null],
    );
  }

  async state(id: string): Promise<{ state: CommandState; last_error: string | null } | undefined> {
    return queryOne(this.dataSource.manager, `SELECT state, last_error FROM owed_commands WHERE id = $1`, [id]);
  }

  /** Commands still owed, failing and dead, over the given names (each count read through a partial index). */
  async counts(names: readonly string[]): Promise<CommandCounts> {
    const row = (await queryOne<{ owed: number; failed: number; dead: number; oldest: number | null }>(
      this.dataSource.manager,
      `SELECT (SELECT count(*)::int FROM owed_commands WHERE state = 'owed') AS owed,
              (SELECT count(*)::int FROM owed_commands WHERE state = 'failed') AS failed,
              (SELECT count(*)::int FROM owed_commands WHERE name = ANY($1::text[]) AND state = 'dead') AS dead,
              (SELECT extract(epoch FROM clock_timestamp() - min(created_at))::int FROM owed_commands WHERE state IN ('owed', 'failed')) AS oldest`,
      [names],
    ))!;
    return { owed: row.owed, failed: row.failed, dead: row.dead, oldestOwedSeconds: row.oldest };
  }

  /** How the commands of one name are doing over the last `windowSeconds`. */
  async health(name: string, windowSeconds: number): Promise<CommandHealthRow> {
    return (await queryOne<CommandHealthRow>(
      this.dataSource.manager,
      `SELECT (SELECT max(done_at) FROM owed_commands WHERE name = $1 AND state = 'sent') AS last_done_at,
              GREATEST(
                (SELECT max(last_failed_at) FROM owed_commands WHERE name = $1 AND state = 'failed'),
                (SELECT max(last_failed_at) FROM owed_commands
                  WHERE name = $1 AND state = 'dead' AND dead_at > clock_timestamp() - make_interval(secs => $2::double precision))
              ) AS last_failed_at,
              (SELECT count(*)::int FROM owed_commands
                WHERE name = $1 AND state = 'failed' AND last_failed_at > clock_timestamp() - make_interval(secs => $2::double precision)) AS recent_failures,
              (SELECT count(*)::int FROM owed_commands WHERE name = $1 AND state IN ('owed', 'failed')) AS unsent,
              (SELECT extract(epoch FROM clock_timestamp() - min(created_at))::int FROM owed_commands WHERE name = $1 AND state IN ('owed', 'failed')) AS oldest_unsent_seconds,
              (SELECT count(*)::int FROM owed_commands
                WHERE name = $1 AND state = 'dead' AND last_failed_at IS NOT NULL
                  AND dead_at > clock_timestamp() - make_interval(secs => $2::double precision)) AS dead_recently`,
      [name, windowSeconds],
    ))!;
  }

  /** One page of the commands of a name (the console's mail log), with the total. */
  async list(name: string, filter: CommandListFilter, query: PagedListQuery): Promise<Page<CommandListRow>> {
    const where = new WhereBuilder()
      .add('name = ?', name)
      .when(query.ids, 'id = ANY(?::uuid[])', query.ids)
      .when(filter.state, 'state = ?', filter.state)
      .when(filter.to, `lower(summary->>'to') = lower(?)`, filter.to);
    const source: ListSource = { from: 'owed_commands', where, id: { expr: 'id', type: 'uuid' } };
    const request = {
      select: LIST_COLUMNS,
      sort: COMMAND_SORT_KEYS[query.sort.field],
      order: query.sort.order,
      skip: query.skip,
      take: query.take,
      after: query.after,
    };
    if (query.ids) {
      const { rows, next } = await listPage<CommandListRow>(this.dataSource.manager, source, request);
      return { rows, next, total: rows.length, estimated: false };
    }
    return listWithTotal<CommandListRow>(this.dataSource.manager, source, request, { countLimit: EXACT_COUNT_LIMIT });
  }

  /** The newest error of the commands of a name still retrying, or dead within the window. */
  async lastError(name: string, windowSeconds: number): Promise<string | null> {
    const row = await queryOne<{ last_error: string | null }>(
      this.dataSource.manager,
      `SELECT last_error FROM (
         (SELECT last_error, last_failed_at FROM owed_commands WHERE name = $1 AND state = 'failed' AND last_failed_at IS NOT NULL ORDER BY last_failed_at DESC LIMIT 1)
         UNION ALL
         (SELECT last_error, last_failed_at FROM owed_commands
           WHERE name = $1 AND state = 'dead' AND last_failed_at IS NOT NULL AND dead_at > clock_timestamp() - make_interval(secs => $2::double precision)
           ORDER BY dead_at DESC LIMIT 1)
       ) newest ORDER BY last_failed_at DESC NULLS LAST LIMIT 1`,
      [name, windowSeconds],
    );
    return row?.last_error ?? null;
  }

  /**
   * Account deletion: the recipient address of its mails is replaced
   * wherever the rows keep it, and a mail still owed to it will not be sent
   * (a dead letter that says why, not counted as a mail failure).
   */
  async anonymiseMailRecipient(manager: EntityManager, email: string, replacement: string): Promise<void> {
    await execute(
      manager,
      `UPDATE owed_commands
          SET summary = jsonb_set(summary, '{to}', to_jsonb($2::text)),
              payload = NULL,
              state = CASE WHEN state = 'sent' THEN state ELSE 'dead' END,
              dead_at = CASE WHEN state = 'sent' THEN dead_at ELSE coalesce(dead_at, clock_timestamp()) END,
              last_error = CASE WHEN state = 'sent' THEN last_error ELSE 'Not sent: the recipient deleted the account' END,
              last_failed_at = CASE WHEN state = 'sent' THEN last_failed_at ELSE NULL END
        WHERE name = 'send-email' AND lower(summary->>'to') = lower($1)`,
      [email, replacement],
    );
  }
}
