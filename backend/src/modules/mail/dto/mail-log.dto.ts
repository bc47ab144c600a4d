import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { SuccessResult } from '../../../common/openapi/api-responses';

export const MAIL_STATES = ['owed', 'sent', 'failed', 'dead'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** One owed mail as the console lists it: where it stands and how often it was tried (never its body: it may carry a one-time link). */
export class MailLogEntry {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'buyer@example.com' })
  to: string;
  @ApiProperty({ example: 'Your receipt R-001001' })
  subject: string;
  @ApiProperty({ type: String, nullable: true, example: 'receipt', description: 'What kind of mail: receipt, welcome, password-reset, admin-notice, ...' })
  tag: string | null;
  @ApiProperty({
    enum: MAIL_STATES,
    enumName: 'MailState',
    description: 'owed: waiting to be sent; failed: its last attempt failed, retried; sent; dead: stopped retrying',
  })
  state: MailState;
  @ApiProperty({ description: 'Times the worker tried to send it' })
  attempts: number;
  @ApiProperty({ description: 'Times the re-drive enqueued it again (its job was lost)' })
  redrives: number;
  @ApiProperty({ type: String, nullable: true, description: "The newest failure's error" })
  lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastFailedAt: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the mail was decided (owed)' })
  createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  sentAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deadAt: string | null;
}

export class RetryMailsDto {
  @ApiProperty({ required: false, type: [String], description: 'The failed or dead mails to send again; none: every failed or dead mail', maxItems: 500 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true, message: 'each id must be a mail id (a UUID)' })
  ids?: string[];
}

export class RetriedMails extends SuccessResult {
  @ApiProperty({ description: 'How many were owed again' })
  retried: number;
}

/** A system problem, shown in the console until it goes away or an admin dismisses it. */
export class SystemAlertView {
  @ApiProperty({ example: '12' })
  id: string;
  @ApiProperty({ example: 'mail-failing', description: 'dead-letter, backup-failed, mail-failing' })
  kind: string;
  @ApiProperty({ example: 'Mail is failing' })
  subject: string;
  @ApiProperty()
  text: string;
  @ApiProperty({ description: 'How many times it was raised while open' })
  count: number;
  @ApiProperty({ format: 'date-time' })
  firstAt: string;
  @ApiProperty({ format: 'date-time' })
  lastAt: string;
}

export class SystemAlertList {
  @ApiProperty({ type: [SystemAlertView] })
  alerts: SystemAlertView[];
}

/** Mail delivery, part of the system's health: read from the owed mails, not from the queue. */
export class MailDeliveryStatus {
  @ApiProperty({
    enum: ['ok', 'failing', 'delayed'],
    description: 'failing: the newest attempt to send failed and nothing was sent since; delayed: a mail has waited over 15 minutes',
  })
  status: 'ok' | 'failing' | 'delayed';
  @ApiProperty({ description: 'Mails still retrying whose last attempt failed in the last hour' })
  recentFailures: number;
  @ApiProperty({ description: 'Mails that stopped retrying in the last hour' })
  deadRecently: number;
  @ApiProperty({ description: 'Mails owed and not sent yet' })
  unsent: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Age of the oldest unsent mail' })
  oldestUnsentSeconds: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSentAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastFailedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "While failing: the newest failure's error (the mail server's own words)" })
  lastError: string | null;
}
