import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CommonError } from '../../../common/errors/common.error';
import { databaseConfig, mediaConfig } from '../../../config';
import type { ListQuery } from '../../../common/http/list-query';
import { TransactionRunner } from '../../../events/transaction-runner';
import { HandlesCommand } from '../../../queue/job-decorators';
import { JobHandlers } from '../../../queue/job-handlers';
import { QueueService } from '../../../queue/queue.service';
import { AuditService } from '../../audit';
import { AdminNotices } from '../../mail';
import { SettingsService } from '../../settings';
import { backupsConfig } from './backups.config';
import { BackupsRepository, type BackupFilter, type BackupRow } from './backups.repository';
import type { BackupView } from './dto/backup.dto';
import { DatabaseDumpRepository } from './database-dump.repository';
import { writeLogicalBackup } from './logical-backup';
import { runPgDump } from './pg-dump';
import { findPgTool } from './pg-tools';

export type { BackupStatus } from './backups.repository';

/** UTC cron of each Settings > System > backupFrequency option. */
export const BACKUP_CRON: Record<string, string> = {
  hourly: '0 * * * *',
  daily: '0 3 * * *',
  weekly: '0 3 * * 1',
  monthly: '0 3 1 * *',
};

/**
 * Database backups: the API records a request and enqueues the
 * `backup-database` maintenance job; the worker dumps the database into
 * BACKUP_DIR, writing to a temporary name first so a half-written dump is
 * never offered for download. It uses a pg_dump at least as new as the
 * server when one is installed (custom format), otherwise the built-in
 * exporter (the embedded PostgreSQL ships no pg_dump); both restore with
 * `npm run restore -- FILE`. Scheduled backups follow Settings > System >
 * backupFrequency; backups older than backupRetentionDays are deleted.
 */
@Injectable()
export class BackupsService implements OnModuleInit {
  private readonly logger = new Logger(BackupsService.name);

  constructor(
    private readonly backups: BackupsRepository,
    private readonly queues: QueueService,
    private readonly handlers: JobHandlers,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
    private readonly notices: AdminNotices,
    @Inject(backupsConfig.KEY) private readonly config: ConfigType<typeof backupsConfig>,
    @Inject(mediaConfig.KEY) private readonly media: ConfigType<typeof mediaConfig>,
    @Inject(databaseConfig.KEY) private readonly database: ConfigType<typeof databaseConfig>,
    private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
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

  /** The backup-database job: its last attempt marks the backup failed and alerts the admin. */
  @HandlesCommand('backup-database', { alertsItself: true })
  runJob({ backupId }: { backupId: string }, job: Job): Promise<{ file: string; size: number } | { skipped: string }> {
    return this.run(backupId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }

  /** One scheduled backup (then the backups past the retention are deleted). Not retried: the next run is the retry. */
  @HandlesCommand('scheduled-backup', { alertsItself: true })
  async runScheduled(): Promise<{ file: string; size: number } | { skipped: string }> {
    const row = await this.backups.insertScheduled();
    try {
      return await this.run(row.id, true);
    } catch (err) {
      throw new UnrecoverableError((err as Error).message);
    }
  }

  /** Deletes the backups (and files) older than Settings > System > backupRetentionDays; the newest completed one always stays. */
  async prune(): Promise<number> {
    const { backupRetentionDays } = await this.settings.get('system');
    const old = await this.backups.pruneOlderThan(backupRetentionDays);
    for (const { file_name } of old) await rm(join(this.media.backupDir, file_name), { force: true });
    if (old.length) this.logger.log({ deleted: old.length, backupRetentionDays }, 'Old backups deleted');
    return old.length;
  }

  /** Records a backup request and enqueues its job. */
  async request(actor: AuthUser): Promise<BackupView> {
    const row = await this.tx.run(async ({ manager }) => {
      // One manual backup at a time (a lock, so two clicks cannot both pass the check); a request older than an hour no longer blocks.
      const busy = await this.backups.lockManualRequests(manager);
      if (busy) throw CommonError.conflict(`A backup is already in progress (${busy.file_name}); wait for it to finish`);
      const created = await this.backups.insertManual(manager, actor);
      await this.audit.record(manager, {
        actor,
        action: 'backup',
        resource: 'backups',
        resourceId: created.id,
        summary: `Started a database backup (${created.file_name})`,
      });
      return created;
    });
    try {
      await this.queues.enqueue('backup-database', { backupId: row.id }, { jobId: `backup-${row.id}`, attempts: 2 });
    } catch (err) {
      await this.fail(row.id, `Could not queue the backup job: ${(err as Error).message}`);
      throw CommonError.unavailable('The job queue is unavailable (Redis); the backup was not started. Try again in a moment.');
    }
    return this.view(row);
  }

  async list(query: ListQuery): Promise<{ rows: BackupView[]; total: number }> {
    const { rows, total } = await this.backups.list(query.filter as BackupFilter, query.ids as string[] | undefined, query);
    return { rows: rows.map((r) => this.view(r)), total };
  }

  async get(id: string): Promise<BackupView> {
    return this.view(await this.row(id));
  }

  /** The dump file of a completed backup, for download. */
  async open(id: string): Promise<{ name: string; size: number; stream: ReadStream }> {
    const row = await this.row(id);
    if (row.status !== 'completed') throw CommonError.conflict(`This backup is ${row.status}; only a completed backup can be downloaded`);
    const path = join(this.media.backupDir, row.file_name);
    const info = await stat(path).catch(() => null);
    if (!info) throw CommonError.notFound(`The file of backup ${row.file_name} is no longer in the backup folder`);
    return { name: row.file_name, size: info.size, stream: createReadStream(path) };
  }

  async remove(id: string, actor: AuthUser): Promise<BackupView> {
    const row = await this.row(id);
    // pg_dump is stopped after 30 minutes: a backup "running" for longer was left behind by a crashed worker.
    if (row.status === 'running' && row.started_at && Date.now() - row.started_at.getTime() < 60 * 60_000) {
      throw CommonError.conflict('This backup is running; delete it once it has finished');
    }
    await this.tx.run(async ({ manager }) => {
      await this.backups.delete(manager, id);
      await this.audit.record(manager, { actor, action: 'delete', resource: 'backups', resourceId: id, summary: `Deleted backup ${row.file_name}` });
    });
    await rm(join(this.media.backupDir, row.file_name), { force: true });
    return this.view(row);
  }

  /** The job: idempotent, a completed backup is not dumped again. */
  async run(backupId: string, lastAttempt: boolean): Promise<{ file: string; size: number } | { skipped: string }> {
    const row = await this.backups.find(backupId);
    if (!row) throw new UnrecoverableError(`Backup ${backupId} does not exist`);
    if (row.status === 'completed') return { skipped: 'already completed' };
    await this.backups.markRunning(backupId);
    const base = row.file_name.replace(/\.(dump|json\.gz)$/, '');
    let done: { fileName: string; method: string; note: string | null };
    try {
      done = await this.dump(base);
    } catch (err) {
      const message = (err as Error).message;
      if (lastAttempt) {
        await this.fail(backupId, message);
        await this.notices.systemAlert('backup-failed', 'Backup failed', `The database backup ${row.file_name} failed: ${message}`);
      } else await this.backups.markPending(backupId, message);
      this.logger.warn({ backupId, err: message }, 'Backup failed');
      throw err;
    }
    const { size } = await stat(join(this.media.backupDir, done.fileName));
    await this.backups.markCompleted(backupId, { size, ...done });
    this.logger.log({ backupId, file: done.fileName, size, method: done.method }, 'Backup completed');
    await this.prune().catch((err: Error) => this.logger.warn({ err: err.message }, 'Old backups not pruned'));
    return { file: done.fileName, size };
  }

  /** Dumps the database into `<base>.dump` (pg_dump) or `<base>.json.gz` (built-in), through a temporary file. */
  private async dump(base: string): Promise<{ fileName: string; method: string; note: string | null }> {
    const server = await new DatabaseDumpRepository().serverVersion(this.dataSource.manager);
    const search = await findPgTool('pg_dump', server.major, this.config.pgDumpPath);
    const fileName = search.tool ? `${base}.dump` : `${base}.json.gz`;
    const final = join(this.media.backupDir, fileName);
    const partial = `${final}.partial`;
    try {
      await mkdir(this.media.backupDir, { recursive: true });
      if (search.tool) await runPgDump(search.tool.path, this.database.url, partial);
      else await writeLogicalBackup(this.dataSource, partial);
      await rename(partial, final);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    if (search.tool) return { fileName, method: `pg_dump ${search.tool.version}`, note: null };
    return { fileName, method: 'built-in', note: `${search.reason} Saved with the built-in exporter instead; restore it with npm run restore -- ${fileName}.` };
  }

  private async fail(id: string, message: string): Promise<void> {
    await this.backups.markFailed(id, message);
  }

  private async row(id: string): Promise<BackupRow> {
    const row = await this.backups.find(id);
    if (!row) throw CommonError.notFound('Backup not found');
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
      method: row.method,
      note: row.note,
      requestedBy: row.requested_by_email,
      createdAt: row.created_at,
      startedAt: row.started_at,
      completedAt: row.completed_at,
      downloadUrl: row.status === 'completed' ? `/api/admin/backups/${row.id}/download` : null,
    };
  }
}
