import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EXACT_COUNT_LIMIT, type Page, type PagedListQuery, type SortKey } from '../common/http/list-paging';
import { WhereBuilder } from '../common/http/where-builder';
import { listPage, listWithTotal, type ListSource } from '../database/list-page.repository';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../database/sql.repository';
import type {
  IAnonymiseMailRecipientQuery,
  IClaimCommandQuery,
  ICommandAttemptFailedQuery,
  ICommandCountsQuery,
  ICommandHealthQuery,
  ICommandLastErrorQuery,
  ICommandStateQuery,
  ICompleteCommandByKeyQuery,
  ICompleteCommandQuery,
  IInsertOwedCommandQuery,
  ILeaseDueCommandsQuery,
  ILeaseDueCommandsResult,
  IMarkCommandDeadQuery,
  IOpenCommandsByNameQuery,
  IPostponeCommandQuery,
  ICheckCommandNowQuery,
  IRedriveCommandQuery,
  IReviveCommandsQuery,
} from './owed-commands.repository.types';

export type CommandState = 'owed' | 'sent' | 'failed' | 'dead';

/** A command still owed, as the re-drive needs it to enqueue it again: the generated row with its payload an object. */
export type DueCommand = Omit<ILeaseDueCommandsResult, 'payload'> & { payload: Record<string, unknown> | null };

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

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes owed-commands.repository.types.ts).
 * The console's list is built at run time (filters, sort, keyset) and stays hand-typed.
 */
const insertOwedCommand = sql<IInsertOwedCommandQuery>`
  INSERT INTO owed_commands (id, name, queue, key, summary, payload, job_id, job_attempts, check_at)
  VALUES ($id!, $name!, $queue!, $key, $summary!::jsonb, $payload!::jsonb, $jobId!, $jobAttempts,
          clock_timestamp() + make_interval(secs => $graceSeconds!::double precision))
  ON CONFLICT (name, key) WHERE key IS NOT NULL DO NOTHING
  RETURNING id`;
const claimCommand = sql<IClaimCommandQuery>`SELECT state FROM owed_commands WHERE id = $id! FOR UPDATE`;
const completeCommand = sql<ICompleteCommandQuery>`
  UPDATE owed_commands SET state = 'sent', attempts = attempts + 1, done_at = clock_timestamp(), dead_at = NULL, payload = NULL
   WHERE id = $id! AND state <> 'sent' RETURNING id`;
const completeCommandByKey = sql<ICompleteCommandByKeyQuery>`
  UPDATE owed_commands SET state = 'sent', attempts = attempts + 1, done_at = clock_timestamp(), dead_at = NULL, payload = NULL
   WHERE name = $name! AND key = $key! AND state <> 'sent' RETURNING id`;
const commandAttemptFailed = sql<ICommandAttemptFailedQuery>`
  UPDATE owed_commands SET state = 'failed', attempts = attempts + 1, last_error = $error!, last_failed_at = clock_timestamp()
   WHERE id = $id! AND state IN ('owed', 'failed')`;
const markCommandDead = sql<IMarkCommandDeadQuery>`
  UPDATE owed_commands SET state = 'dead', dead_at = clock_timestamp(), last_error = $error!, last_failed_at = coalesce(last_failed_at, clock_timestamp())
   WHERE id = $id! AND state IN ('owed', 'failed') RETURNING id`;
const leaseDueCommands = sql<ILeaseDueCommandsQuery>`
  WITH due AS (
    SELECT id FROM owed_commands
     WHERE state IN ('owed', 'failed') AND check_at <= clock_timestamp()
     ORDER BY check_at
     LIMIT $limit!
       FOR UPDATE SKIP LOCKED
  )
  UPDATE owed_commands c SET check_at = clock_timestamp() + make_interval(secs => $leaseSeconds!::double precision)
    FROM due WHERE c.id = due.id
  RETURNING c.id, c.name, c.queue, c.payload, c.job_id, c.job_attempts, c.checks, c.redrives`;
const checkCommandNow = sql<ICheckCommandNowQuery>`
  UPDATE owed_commands SET check_at = clock_timestamp()
   WHERE id = (SELECT id FROM owed_commands WHERE id = $id! FOR UPDATE SKIP LOCKED) AND state IN ('owed', 'failed')`;
const postponeCommand = sql<IPostponeCommandQuery>`
  UPDATE owed_commands SET checks = $checks!, check_at = clock_timestamp() + make_interval(secs => $afterSeconds!::double precision)
   WHERE id = (SELECT id FROM owed_commands WHERE id = $id! FOR UPDATE SKIP LOCKED)`;
const redriveCommand = sql<IRedriveCommandQuery>`
  UPDATE owed_commands SET job_id = $jobId!, redrives = redrives + 1, checks = 0,
         check_at = clock_timestamp() + make_interval(secs => $afterSeconds!::double precision)
   WHERE id = (SELECT id FROM owed_commands WHERE id = $id! FOR UPDATE SKIP LOCKED) AND state IN ('owed', 'failed')`;
const reviveCommands = sql<IReviveCommandsQuery>`
  UPDATE owed_commands SET state = 'owed', dead_at = NULL, redrives = 0, checks = 0, job_id = '', check_at = clock_timestamp()
   WHERE name = $name! AND state IN ('failed', 'dead') AND ($ids::uuid[] IS NULL OR id = ANY($ids::uuid[]))`;
const commandState = sql<ICommandStateQuery>`SELECT state, last_error FROM owed_commands WHERE id = $id!`;
const openCommandsByName = sql<IOpenCommandsByNameQuery>`
  SELECT name AS "name!", queue AS "queue!", count(*) FILTER (WHERE state = 'owed')::int AS "owed!", count(*) FILTER (WHERE state = 'failed')::int AS "failed!",
         count(*) FILTER (WHERE state = 'dead')::int AS "dead!",
         extract(epoch FROM clock_timestamp() - min(created_at) FILTER (WHERE state IN ('owed', 'failed')))::int AS oldest
    FROM owed_commands WHERE state IN ('owed', 'failed', 'dead') GROUP BY name, queue`;
const commandCounts = sql<ICommandCountsQuery>`
  SELECT (SELECT count(*)::int FROM owed_commands WHERE state = 'owed') AS "owed!",
         (SELECT count(*)::int FROM owed_commands WHERE state = 'failed') AS "failed!",
         (SELECT count(*)::int FROM owed_commands WHERE name = ANY($names!::text[]) AND state = 'dead') AS "dead!",
         (SELECT extract(epoch FROM clock_timestamp() - min(created_at))::int FROM owed_commands WHERE state IN ('owed', 'failed')) AS oldest`;
const commandHealth = sql<ICommandHealthQuery>`
  SELECT (SELECT max(done_at) FROM owed_commands WHERE name = $name! AND state = 'sent') AS last_done_at,
         GREATEST(
           (SELECT max(last_failed_at) FROM owed_commands WHERE name = $name! AND state = 'failed'),
           (SELECT max(last_failed_at) FROM owed_commands
             WHERE name = $name! AND state = 'dead' AND dead_at > clock_timestamp() - make_interval(secs => $windowSeconds!::double precision))
         ) AS last_failed_at,
         (SELECT count(*)::int FROM owed_commands
           WHERE name = $name! AND state = 'failed' AND last_failed_at > clock_timestamp() - make_interval(secs => $windowSeconds!::double precision)) AS "recent_failures!",
         (SELECT count(*)::int FROM owed_commands WHERE name = $name! AND state IN ('owed', 'failed')) AS "unsent!",
         (SELECT extract(epoch FROM clock_timestamp() - min(created_at))::int FROM owed_commands WHERE name = $name! AND state IN ('owed', 'failed')) AS oldest_unsent_seconds,
         (SELECT count(*)::int FROM owed_commands
           WHERE name = $name! AND state = 'dead' AND last_failed_at IS NOT NULL
             AND dead_at > clock_timestamp() - make_interval(secs => $windowSeconds!::double precision)) AS "dead_recently!"`;
const commandLastError = sql<ICommandLastErrorQuery>`
  SELECT last_error FROM (
    (SELECT last_error, last_failed_at FROM owed_commands WHERE name = $name! AND state = 'failed' AND last_failed_at IS NOT NULL ORDER BY last_failed_at DESC LIMIT 1)
    UNION ALL
    (SELECT last_error, last_failed_at FROM owed_commands
      WHERE name = $name! AND state = 'dead' AND last_failed_at IS NOT NULL AND dead_at > clock_timestamp() - make_interval(secs => $windowSeconds!::double precision)
      ORDER BY dead_at DESC LIMIT 1)
  ) newest ORDER BY last_failed_at DESC NULLS LAST LIMIT 1`;
const anonymiseMailRecipient = sql<IAnonymiseMailRecipientQuery>`
  UPDATE owed_commands
     SET summary = jsonb_set(summary, '{to}', to_jsonb($replacement!::text)),
         payload = NULL,
         state = CASE WHEN state = 'sent' THEN state ELSE 'dead' END,
         dead_at = CASE WHEN state = 'sent' THEN dead_at ELSE coalesce(dead_at, clock_timestamp()) END,
         last_error = CASE WHEN state = 'sent' THEN last_error ELSE 'Not sent: the recipient deleted the account' END,
         last_failed_at = CASE WHEN state = 'sent' THEN last_failed_at ELSE NULL END
   WHERE name = 'send-email' AND lower(summary->>'to') = lower($email!)`;

/** A generated row whose state is one the schema's check allows. */
const asCommand = <T extends { state: string }>(row: T | undefined) => row as (Omit<T, 'state'> & { state: CommandState }) | undefined;

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
    const rows = await typedRows(manager, insertOwedCommand, {
      id: command.id,
      name: command.name,
      queue: command.queue,
      key: command.key,
      summary: JSON.stringify(command.summary),
      payload: command.payload,
      jobId: command.jobId,
      jobAttempts: command.jobAttempts,
      graceSeconds,
    });
    return rows.length === 1;
  }

  /**
   * Locks the command for the caller's transaction (a duplicate job of the
   * same command waits here until the first commits). Answers whether it is
   * still to do: false once sent.
   */
  async claim(manager: EntityManager, id: string): Promise<boolean> {
    const row = await typedOne(manager, claimCommand, { id });
    return row !== undefined && row.state !== 'sent';
  }

  /** Marks the command done (one more attempt, its data dropped). Answers whether this call did. */
  async complete(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await typedRows(manager, completeCommand, { id });
    return rows.length === 1;
  }

  /** Marks the command of that name and key done (the reconciler did what a job was owed). */
  async completeByKey(manager: EntityManager, name: string, key: string): Promise<boolean> {
    const rows = await typedRows(manager, completeCommandByKey, { name, key });
    return rows.length === 1;
  }

  /** An attempt failed (the job will retry, or it was the last one). */
  async attemptFailed(id: string, error: string): Promise<void> {
    await typedExecute(this.dataSource.manager, commandAttemptFailed, { id, error: error.slice(0, 2000) });
  }

  /** A dead letter: nobody retries it until an admin does. Answers whether this call marked it. */
  async markDead(id: string, error: string): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, markCommandDead, { id, error: error.slice(0, 2000) });
    return rows.length === 1;
  }

  /** Leases up to `limit` due commands (their next check pushed `leaseSeconds` out, so a second sweeper skips them). */
  async leaseDue(limit: number, leaseSeconds: number): Promise<DueCommand[]> {
    return (await typedRows(this.dataSource.manager, leaseDueCommands, { limit, leaseSeconds })) as DueCommand[];
  }

  /** The job is alive (waiting, running or retrying): look again later; a row its running job holds is left as leased (no wait). */
  async postpone(id: string, checks: number, afterSeconds: number): Promise<void> {
    await typedExecute(this.dataSource.manager, postponeCommand, { id, checks, afterSeconds });
  }

  /** Its job stalled out (BullMQ gave up on it): the next sweep looks at it, not the one after its back-off. */
  async checkNow(id: string): Promise<void> {
    await typedExecute(this.dataSource.manager, checkCommandNow, { id });
  }

  /** Enqueued again under a new job id. */
  async redriven(id: string, jobId: string, afterSeconds: number): Promise<void> {
    await typedExecute(this.dataSource.manager, redriveCommand, { id, jobId, afterSeconds });
  }

  /** Brings failed and dead commands of a name back: due now, with a fresh allowance of re-drives. Answers how many. */
  async revive(name: string, ids: readonly string[] | undefined): Promise<number> {
    return typedExecute(this.dataSource.manager, reviveCommands, { name, ids: ids ? [...ids] : null });
  }

  async state(id: string): Promise<{ state: CommandState; last_error: string | null } | undefined> {
    return asCommand(await typedOne(this.dataSource.manager, commandState, { id }));
  }

  /** Commands still owed, failing and dead, over the given names (each count read through a partial index). */
  /** Commands owed, failing and dead per name and queue, with the age of the oldest not done (the metrics and the console's system status). */
  async openByName(): Promise<Array<{ name: string; queue: string; owed: number; failed: number; dead: number; oldest: number | null }>> {
    return typedRows(this.dataSource.manager, openCommandsByName, undefined);
  }

  async counts(names: readonly string[]): Promise<CommandCounts> {
    const row = (await typedOne(this.dataSource.manager, commandCounts, { names: [...names] }))!;
    return { owed: row.owed, failed: row.failed, dead: row.dead, oldestOwedSeconds: row.oldest };
  }

  /** How the commands of one name are doing over the last `windowSeconds`. */
  async health(name: string, windowSeconds: number): Promise<CommandHealthRow> {
    return (await typedOne(this.dataSource.manager, commandHealth, { name, windowSeconds }))!;
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
    const row = await typedOne(this.dataSource.manager, commandLastError, { name, windowSeconds });
    return row?.last_error ?? null;
  }

  /**
   * Account deletion: the recipient address of its mails is replaced
   * wherever the rows keep it, and a mail still owed to it will not be sent
   * (a dead letter that says why, not counted as a mail failure).
   */
  async anonymiseMailRecipient(manager: EntityManager, email: string, replacement: string): Promise<void> {
    await typedExecute(manager, anonymiseMailRecipient, { email, replacement });
  }
}
