import { HttpStatus, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { UnrecoverableError } from 'bullmq';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { ApiError } from '../../../common/errors/api-error';
import { databaseConfig, mediaConfig } from '../../../config';
import { JobHandlers } from '../../../queue/job-handlers';
import { QueueService } from '../../../queue/queue.service';
import { AuditService } from '../../audit/audit.service';
import { AdminNotices } from '../../settings/admin-notices.service';
import { SettingsService } from '../../settings/settings.service';
import { backupsConfig } from './backups.config';
import { PgDumpMissingError, pgDumpVersion, runPgDump } from './pg-dump';

export type BackupStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface BackupView {
  id: string;
  name: string;
  status: BackupStatus;
  trigger: 'manual' | 'scheduled';
  /** Bytes, once the dump is complete. */
  size: number | null;
  error: string | null;
  requestedBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  downloadUrl: string | null;
}

interface BackupRow {
  id: string;
  file_name: string;
  status: BackupStatus;
  trigger: 'manual' | 'scheduled';
  size_bytes: string | null;
  error: string | null;
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

/** backup-20261122-140501-1a2b3c4d.dump: sortable by time, unique. */
const FILE_NAME_SQL = `'backup-' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD-HH24MISS') || '-' || substr(md5(random()::text), 1, 8) || '.dump'`;

/** UTC cron of each Settings > System > backupFrequency option. */
export const BACKUP_CRON: Record<string, string> = {
  hourly: '0 * * * *',
  daily: '0 3 * * *',
  weekly: '0 3 * * 1',
  monthly: '0 3 1 * *',
};

/** Scheduled backups kept; older ones (and their files) are deleted. Manual backups are kept until an admin deletes them. */
export const SCHEDULED_KEPT = 14;

/**
 * Database backups: the API records a request and enqueues the
 * `backup-database` maintenance job; the worker runs pg_dump (custom format,
 * restorable with pg_restore) into BACKUP_DIR, writing to a temporary name
 * first so a half-written dump is never offered for download. Scheduled
 * backups follow Settings > System > backupFrequency.
 */
@Injectable()
export class BackupsService implements OnModuleInit {
  private readonly logger = new Logger(BackupsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly handlers: JobHandlers,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
    private readonly notices: AdminNotices,
    @Inject(backupsConfig.KEY) private readonly config: ConfigType<typeof backupsConfig>,
    @Inject(mediaConfig.KEY) private readonly media: ConfigType<typeof mediaConfig>,
    @Inject(databaseConfig.KEY) private readonly database: ConfigType<typeof databaseConfig>,
  ) {}

  async onModuleInit(): Promise<void> {
    this.handlers.command('backup-database', ({ backupId }, job) => this.run(backupId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)));
    this.handlers.command('scheduled-backup', () => this.runScheduled());
    this.declareSchedule((await this.settings.get('system')).backupFrequency);
    this.settings.onChange((section) => {
      if (section !== 'system') return;
      this.settings
        .get('system')
        .then(({ backupFrequency }) => this.declareSchedule(backupFrequency))
        .catch((err: Error) => this.logger.warn(`Backup schedule not updated: ${err.message}`));
    });
  }

  /**
   * Declares the recurring backup for Settings > System > backupFrequency.
   * The worker applies declared schedules at boot and re-applies them every
   * minute, so a changed frequency takes effect within a minute.
   */
  private declareSchedule(frequency: string): void {
    this.handlers.schedule('scheduled-backup', { cron: BACKUP_CRON[frequency] ?? BACKUP_CRON.daily }, {});
  }

  /** One scheduled backup, then the oldest scheduled ones beyond the retention are deleted. Not retried: the next run is the retry. */
  async runScheduled(): Promise<{ file: string; size: number } | { skipped: string }> {
    const [row]: BackupRow[] = await this.dataSource.query(`INSERT INTO backups (file_name, trigger) VALUES (${FILE_NAME_SQL}, 'scheduled') RETURNING *`);
    let result: Awaited<ReturnType<BackupsService['run']>>;
    try {
      result = await this.run(row.id, true);
    } catch (err) {
      throw new UnrecoverableError((err as Error).message);
    }
    const old: Array<{ id: string; file_name: string }> = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM backups WHERE id IN (SELECT id FROM backups WHERE trigger = 'scheduled' AND status IN ('completed', 'failed') ORDER BY created_at DESC, id OFFSET $1)
         RETURNING id, file_name
       ) SELECT * FROM gone`,
      [SCHEDULED_KEPT],
    );
    for (const { file_name } of old) await rm(join(this.media.backupDir, file_name), { force: true });
    return result;
  }

  /** Records a backup request and enqueues its job; refuses at once when pg_dump cannot run here. */
  async request(actor: AuthUser): Promise<BackupView> {
    try {
      await pgDumpVersion(this.config.pgDumpPath);
    } catch (err) {
      if (err instanceof PgDumpMissingError) throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, err.message, { code: 'PG_DUMP_MISSING' });
      throw err;
    }
    const row = await this.dataSource.transaction(async (manager) => {
      // One manual backup at a time (a lock, so two clicks cannot both pass the check); a request older than an hour no longer blocks.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('backups:request'))`);
      const [busy]: BackupRow[] = await manager.query(
        `SELECT * FROM backups WHERE trigger = 'manual' AND status IN ('pending', 'running') AND created_at > now() - interval '1 hour' LIMIT 1`,
      );
      if (busy) throw ApiError.conflict(`A backup is already in progress (${busy.file_name}); wait for it to finish`);
      const [created]: BackupRow[] = await manager.query(
        `INSERT INTO backups (file_name, requested_by, requested_by_email) VALUES (${FILE_NAME_SQL}, $1, $2) RETURNING *`,
        [actor.id, actor.email],
      );
      await this.audit.record(manager, { actor, action: 'backup', resource: 'backups', resourceId: created.id, summary: `Started a database backup (${created.file_name})` });
      return created;
    });
    try {
      await this.queues.enqueue('backup-database', { backupId: row.id }, { jobId: `backup-${row.id}`, attempts: 2 });
    } catch (err) {
      await this.fail(row.id, `Could not queue the backup job: ${(err as Error).message}`);
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The job queue is unavailable (Redis); the backup was not started. Try again in a moment.');
    }
    return this.view(row);
  }

  async list(where: string, params: unknown[], order: string, skip: number, take: number): Promise<{ rows: BackupView[]; total: number }> {
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM backups ${where}`, params);
    const rows: BackupRow[] = await this.dataSource.query(`SELECT * FROM backups ${where} ORDER BY ${order}, id OFFSET ${skip} LIMIT ${take}`, params);
    return { rows: rows.map((r) => this.view(r)), total };
  }

  async get(id: string): Promise<BackupView> {
    return this.view(await this.row(id));
  }

  /** The dump file of a completed backup, for download. */
  async open(id: string): Promise<{ name: string; size: number; stream: ReadStream }> {
    const row = await this.row(id);
    if (row.status !== 'completed') throw ApiError.conflict(`This backup is ${row.status}; only a completed backup can be downloaded`);
    const path = join(this.media.backupDir, row.file_name);
    const info = await stat(path).catch(() => null);
    if (!info) throw ApiError.notFound(`The file of backup ${row.file_name} is no longer in the backup folder`);
    return { name: row.file_name, size: info.size, stream: createReadStream(path) };
  }

  async remove(id: string, actor: AuthUser): Promise<BackupView> {
    const row = await this.row(id);
    // pg_dump is stopped after 30 minutes: a backup "running" for longer was left behind by a crashed worker.
    if (row.status === 'running' && row.started_at && Date.now() - row.started_at.getTime() < 60 * 60_000) {
      throw ApiError.conflict('This backup is running; delete it once it has finished');
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM backups WHERE id = $1`, [id]);
      await this.audit.record(manager, { actor, action: 'delete', resource: 'backups', resourceId: id, summary: `Deleted backup ${row.file_name}` });
    });
    await rm(join(this.media.backupDir, row.file_name), { force: true });
    return this.view(row);
  }

  /** The job: idempotent, a completed backup is not dumped again. */
  async run(backupId: string, lastAttempt: boolean): Promise<{ file: string; size: number } | { skipped: string }> {
    const [row]: BackupRow[] = await this.dataSource.query(`SELECT * FROM backups WHERE id = $1`, [backupId]);
    if (!row) throw new UnrecoverableError(`Backup ${backupId} does not exist`);
    if (row.status === 'completed') return { skipped: 'already completed' };
    await this.dataSource.query(`UPDATE backups SET status = 'running', started_at = now(), error = NULL WHERE id = $1`, [backupId]);
    await mkdir(this.media.backupDir, { recursive: true });
    const final = join(this.media.backupDir, row.file_name);
    const partial = `${final}.partial`;
    try {
      await runPgDump(this.config.pgDumpPath, this.database.url, partial);
      await rename(partial, final);
    } catch (err) {
      await rm(partial, { force: true });
      const message = (err as Error).message;
      if (err instanceof PgDumpMissingError || lastAttempt) {
        await this.fail(backupId, message);
        await this.notices.systemAlert('Backup failed', `The database backup ${row.file_name} failed: ${message}`);
      } else await this.dataSource.query(`UPDATE backups SET status = 'pending', error = $2 WHERE id = $1`, [backupId, message]);
      this.logger.warn({ backupId, err: message }, 'Backup failed');
      throw err instanceof PgDumpMissingError ? new UnrecoverableError(message) : err;
    }
    const { size } = await stat(final);
    await this.dataSource.query(`UPDATE backups SET status = 'completed', size_bytes = $2, completed_at = now(), error = NULL WHERE id = $1`, [backupId, size]);
    this.logger.log({ backupId, file: row.file_name, size }, 'Backup completed');
    return { file: row.file_name, size };
  }

  private async fail(id: string, message: string): Promise<void> {
    await this.dataSource.query(`UPDATE backups SET status = 'failed', error = $2, completed_at = now() WHERE id = $1`, [id, message.slice(0, 4000)]);
  }

  private async row(id: string): Promise<BackupRow> {
    const [row]: BackupRow[] = await this.dataSource.query(`SELECT * FROM backups WHERE id = $1`, [id]);
    if (!row) throw ApiError.notFound('Backup not found');
    return row;
  }

  private view(row: BackupRow): BackupView {
    return {
      id: row.id,
      name: row.file_name,
      status: row.status,
      trigger: row.trigger,
      size: row.size_bytes === null ? null : Number(row.size_bytes),
      error: row.error,
      requestedBy: row.requested_by_email,
      createdAt: row.created_at,
      startedAt: row.started_at,
      completedAt: row.completed_at,
      downloadUrl: row.status === 'completed' ? `/api/admin/backups/${row.id}/download` : null,
    };
  }
}
