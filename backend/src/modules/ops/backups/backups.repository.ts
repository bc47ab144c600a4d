import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern, type ListQuery } from '../../../common/http/list-query';
import { WhereBuilder } from '../../../common/http/where-builder';
import { sql } from '@pgtyped/runtime';
import { queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../../database/sql.repository';
import type {
  IBackupByIdQuery,
  IBackupByIdResult,
  IDeleteBackupQuery,
  IInsertManualBackupQuery,
  IInsertScheduledBackupQuery,
  ILockBackupRequestsQuery,
  IManualBackupInProgressQuery,
  IMarkBackupCompletedQuery,
  IMarkBackupFailedQuery,
  IMarkBackupPendingQuery,
  IMarkBackupRunningQuery,
  IPruneBackupsQuery,
} from './backups.repository.types';

export type BackupStatus = 'pending' | 'running' | 'completed' | 'failed';
export type BackupTrigger = 'manual' | 'scheduled';

/** A backup as the repository reads it: the generated row with its status and trigger narrowed to the values the schema's checks allow. */
export type BackupRow = Omit<IBackupByIdResult, 'status' | 'trigger'> & { status: BackupStatus; trigger: BackupTrigger };

export const BACKUP_COLUMNS: Record<string, string> = {
  id: 'id',
  name: 'file_name',
  status: 'status',
  size: 'size_bytes',
  createdAt: 'created_at',
  completedAt: 'completed_at',
};

export interface BackupFilter {
  q?: string;
  status?: BackupStatus;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes backups.repository.types.ts).
 * The list is built at run time (filters, sort) and stays hand-typed.
 * A new backup's file name, backup-20261122-140501-1a2b3c4d.dump, is sortable by time and unique.
 */
const insertScheduledBackup = sql<IInsertScheduledBackupQuery>`
  INSERT INTO backups (file_name, trigger)
  VALUES ('backup-' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD-HH24MISS') || '-' || substr(md5(random()::text), 1, 8) || '.dump', 'scheduled')
  RETURNING *`;
const insertManualBackup = sql<IInsertManualBackupQuery>`
  INSERT INTO backups (file_name, requested_by, requested_by_email)
  VALUES ('backup-' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD-HH24MISS') || '-' || substr(md5(random()::text), 1, 8) || '.dump', $requestedBy!, $requestedByEmail!)
  RETURNING *`;
const lockBackupRequests = sql<ILockBackupRequestsQuery>`SELECT pg_advisory_xact_lock(hashtext('backups:request'))`;
const manualBackupInProgress = sql<IManualBackupInProgressQuery>`
  SELECT * FROM backups WHERE trigger = 'manual' AND status IN ('pending', 'running') AND created_at > now() - interval '1 hour' LIMIT 1`;
const pruneBackups = sql<IPruneBackupsQuery>`
  DELETE FROM backups
   WHERE status IN ('completed', 'failed') AND created_at < now() - make_interval(days => $days!)
     AND id IS DISTINCT FROM (SELECT id FROM backups WHERE status = 'completed' ORDER BY created_at DESC, id LIMIT 1)
  RETURNING id, file_name`;
const backupById = sql<IBackupByIdQuery>`SELECT * FROM backups WHERE id = $id!`;
const deleteBackup = sql<IDeleteBackupQuery>`DELETE FROM backups WHERE id = $id!`;
const markBackupRunning = sql<IMarkBackupRunningQuery>`UPDATE backups SET status = 'running', started_at = now(), error = NULL WHERE id = $id!`;
const markBackupPending = sql<IMarkBackupPendingQuery>`UPDATE backups SET status = 'pending', error = $error! WHERE id = $id!`;
const markBackupCompleted = sql<IMarkBackupCompletedQuery>`
  UPDATE backups SET status = 'completed', size_bytes = $size!, file_name = $fileName!, method = $method!, note = $note, completed_at = now(), error = NULL
   WHERE id = $id!`;
const markBackupFailed = sql<IMarkBackupFailedQuery>`UPDATE backups SET status = 'failed', error = $error!, completed_at = now() WHERE id = $id!`;

/** A generated backup row with its status and trigger as BackupRow narrows them. */
const asBackup = <T extends object>(row: T | undefined) => row as (Omit<T, 'status' | 'trigger'> & Pick<BackupRow, 'status' | 'trigger'>) | undefined;

/** backups: one row per database dump, manual or scheduled, with its state. */
@Injectable()
export class BackupsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertScheduled(): Promise<BackupRow> {
    return asBackup(await typedOne(this.dataSource.manager, insertScheduledBackup, undefined))!;
  }

  async insertManual(manager: EntityManager, actor: { id: string; email: string }): Promise<BackupRow> {
    return asBackup(await typedOne(manager, insertManualBackup, { requestedBy: actor.id, requestedByEmail: actor.email }))!;
  }

  /** One manual backup at a time: serialises requests (a transaction lock) and answers the one in progress (requested within the hour), if any. */
  async lockManualRequests(manager: EntityManager): Promise<BackupRow | undefined> {
    await typedExecute(manager, lockBackupRequests, undefined);
    return asBackup(await typedOne(manager, manualBackupInProgress, undefined));
  }

  /** Deletes the finished backups older than `days` days, except the newest completed one; answers their files. */
  pruneOlderThan(days: number): Promise<Array<{ id: string; file_name: string }>> {
    return typedRows(this.dataSource.manager, pruneBackups, { days });
  }

  async list(filter: BackupFilter, ids: string[] | undefined, page: Pick<ListQuery, 'sort' | 'skip' | 'take'>): Promise<{ rows: BackupRow[]; total: number }> {
    const where = new WhereBuilder()
      .when(ids, 'id = ANY(?::uuid[])', ids)
      .when(filter.q, 'file_name ILIKE ?', filter.q && likePattern(filter.q))
      .when(filter.status, 'status = ?', filter.status);
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM backups ${where.sql}`, where.params);
    const rows = await queryRows<BackupRow>(
      this.dataSource.manager,
      `SELECT * FROM backups ${where.sql} ORDER BY ${BACKUP_COLUMNS[page.sort.field]} ${page.sort.order}, id OFFSET ${page.skip} LIMIT ${page.take}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  async find(id: string): Promise<BackupRow | undefined> {
    return asBackup(await typedOne(this.dataSource.manager, backupById, { id }));
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await typedExecute(manager, deleteBackup, { id });
  }

  async markRunning(id: string): Promise<void> {
    await typedExecute(this.dataSource.manager, markBackupRunning, { id });
  }

  /** A failed attempt that will be retried. */
  async markPending(id: string, error: string): Promise<void> {
    await typedExecute(this.dataSource.manager, markBackupPending, { id, error });
  }

  async markCompleted(id: string, done: { size: number; fileName: string; method: string; note: string | null }): Promise<void> {
    await typedExecute(this.dataSource.manager, markBackupCompleted, { id, size: done.size, fileName: done.fileName, method: done.method, note: done.note });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await typedExecute(this.dataSource.manager, markBackupFailed, { id, error: error.slice(0, 4000) });
  }
}
