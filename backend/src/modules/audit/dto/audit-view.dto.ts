import { ApiProperty } from '@nestjs/swagger';

/** One audit entry as the console lists it. */
export class AuditView {
  @ApiProperty()
  id: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  actorId: string | null;
  @ApiProperty({ type: String, nullable: true })
  actorEmail: string | null;
  @ApiProperty({ example: 'update', description: 'create, update, delete, refund, reconcile, sign-out, backup, clear-cache, ...' })
  action: string;
  @ApiProperty({ example: 'courses' })
  resource: string;
  @ApiProperty({ type: String, nullable: true })
  resourceId: string | null;
  @ApiProperty({ example: 'Updated course "Affiliate Marketing Fundamentals"' })
  summary: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'What changed (before and after), secrets redacted' })
  changes: unknown;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The API key the admin acted through (null: a console session or the system)' })
  apiKeyId: string | null;
  @ApiProperty()
  at: Date;
}
