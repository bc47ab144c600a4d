import { ApiProperty } from '@nestjs/swagger';
import { SuccessResult } from '../../../../common/openapi/api-responses';
import type { BackupStatus } from '../backups.repository';

export const BACKUP_STATUSES: readonly BackupStatus[] = ['pending', 'running', 'completed', 'failed'];

/** A database backup (pg_dump), as the console lists it. */
export class BackupView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'backup-2026-01-31T03-00-00Z.dump' })
  name: string;
  @ApiProperty({ enum: BACKUP_STATUSES, enumName: 'BackupStatus' })
  status: BackupStatus;
  @ApiProperty({ enum: ['manual', 'scheduled'] })
  trigger: 'manual' | 'scheduled';
  @ApiProperty({ type: Number, nullable: true, description: 'Bytes, once the dump is complete' })
  size: number | null;
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'pg_dump 18.4',
    description: 'How it was made: pg_dump and its version, or "built-in" when no pg_dump matches the server',
  })
  method: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'What the admin should know about it (why pg_dump was not used)' })
  note: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who started it; null for a scheduled one' })
  requestedBy: string | null;
  @ApiProperty()
  createdAt: Date;
  @ApiProperty({ type: Date, nullable: true })
  startedAt: Date | null;
  @ApiProperty({ type: Date, nullable: true })
  completedAt: Date | null;
  @ApiProperty({ type: String, nullable: true, description: 'Where to download the dump (admin bearer token), once complete' })
  downloadUrl: string | null;
}

export class BackupStarted extends SuccessResult {
  @ApiProperty({ example: 'Backup initiated: backup-2026-01-31T03-00-00Z.dump' })
  message: string;
  @ApiProperty()
  backup: BackupView;
}
