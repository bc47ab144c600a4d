import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern, type ListQuery } from '../../../common/http/list-query';
import { WhereBuilder } from '../../../common/http/where-builder';
import { execute, queryOne, queryRows } from '../../../database/sql.repository';

export type BackupStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface BackupRow {
  id: string;
  file_name: string;
  status: BackupStatus;
  trigger: 'manual' | 'scheduled';
  size_bytes: string | null;
  error: string | null;
  method: string | null;
  note: string | null;
  requested_by_email: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

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

/** backup-20261122-140501-1a2b3c4d.dump: sortable by time, unique. */
const FILE_NAME_SQL = `'backup-' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD-HH24MISS') || '-' || substr(md5(random()::text), 1, 8) || '.dump'`;

/** backups: one row per database dump, manual or scheduled, with its state. */
@Injectable()
export class BackupsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertScheduled(): Promise<BackupRow> {
    return (await queryOne<BackupRow>(this.dataSource.manager, `INSERT INTO backups (file_name, trigger) VALUES (${FILE_NAME_SQL}, 'scheduled') RETURNING *`))!;
  }

  async insertManual(manager: EntityManager, actor: { id: string; email: string }): Promise<BackupRow> {
    return (await queryOne<BackupRow>(
      manager,
      `INSERT INTO backups (file_name, requested_by, requested_by_email) VALUES (${FILE_NAME_SQL}, $1, $2) RETURNING *`,
      [actor.id, actor.email],
    ))!;
  }

  /** One manual backup at a time: serialises requests (a transaction lock) and answers the one in progress (requested within the hour), if any. */
  async lockManualRequests(manager: EntityManager): Promise<BackupRow | undefined> {
    await execute(manager, `SELECT pg_advisory_xact_lock(hashtext('backups:request'))`);
    return queryOne<BackupRow>(
      manager,
      `SELECT * FROM backups WHERE trigger = 'manual' AND status IN ('pending', 'running') AND created_at > now() - interval '1 hour' LIMIT 1`,
    );
  }

  /** Deletes the finished backups older than `days` days, except the newest completed one; answers their files. */
  pruneOlderThan(days: number): Promise<Array<{ id: string; file_name: string }>> {
    return queryRows(
      this.dataSource.manager,
      `DELETE FROM backups
        WHERE status IN ('completed', 'failed') AND created_at < now() - make_interval(days => $1)
          AND id IS DISTINCT FROM (SELECT id FROM backups WHERE status = 'completed' ORDER BY created_at DESC, id LIMIT 1)
       RETURNING id, file_name`,
      [days],
    );
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

  find(id: string): Promise<BackupRow | undefined> {
    return queryOne<BackupRow>(this.dataSource.manager, `SELECT * FROM backups WHERE id = $1`, [id]);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await execute(manager, `DELETE FROM backups WHERE id = $1`, [id]);
  }

  async markRunning(id: string): Promise<void> {
    await execute(this.dataSource.manager, `UPDATE backups SET status = 'running', started_at = now(), error = NULL WHERE id = $1`, [id]);
  }

  /** A failed attempt that will be retried. */
  async markPending(id: string, error: string): Promise<void> {
    await execute(this.dataSource.manager, `UPDATE backups SET status = 'pending', error = $2 WHERE id = $1`, [id, error]);
  }

  async markCompleted(id: string, done: { size: number; fileName: string; method: string; note: string | null }): Promise<void> {
    await execute(
      this.dataSource.manager,
      `UPDATE backups SET status = 'completed', size_bytes = $2, file_name = $3, method = $4, note = $5, completed_at = now(), error = NULL WHERE id = $1`,
      [id, done.size, done.fileName, done.method, done.note],
    );
  }

  async markFailed(id: string, error: string): Promise<void> {
    await execute(this.dataSource.manager, `UPDATE backups SET status = 'failed', error = $2, completed_at = now() WHERE id = $1`, [id, error.slice(0, 4000)]);
  }
}
