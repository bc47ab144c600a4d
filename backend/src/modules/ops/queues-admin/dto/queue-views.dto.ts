import { ApiProperty } from '@nestjs/swagger';
import { SuccessResult } from '../../../../common/openapi/api-responses';
import { QueueCounts } from '../../../../queue/queue.service';

/** A job that failed, with its error. */
export class FailedJobView {
  @ApiProperty()
  id: string;
  @ApiProperty({ description: 'The job name (consumer or command)' })
  name: string;
  @ApiProperty()
  failedReason: string;
  @ApiProperty()
  attemptsMade: number;
  @ApiProperty({ description: 'When the job was created, ms since epoch' })
  timestamp: number;
  @ApiProperty({ type: Number, nullable: true, description: 'When it last finished, ms since epoch' })
  finishedOn: number | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The job payload (mail bodies left out: they may carry one-time links)',
  })
  data: unknown;
}

export class FailedJobPage {
  @ApiProperty({ type: [FailedJobView] })
  jobs: FailedJobView[];
  @ApiProperty()
  total: number;
}

/** An event delivery that stopped retrying: its consumer never recorded the event. */
export class DeadLetterView {
  @ApiProperty({ description: '`<consumer>/<eventId>`: one consumer’s delivery of one event', example: 'grant-access/0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69' })
  id: string;
  @ApiProperty()
  consumer: string;
  @ApiProperty()
  queue: string;
  @ApiProperty({ format: 'uuid' })
  eventId: string;
  @ApiProperty({ example: 'payment.confirmed' })
  eventType: string;
  @ApiProperty({ format: 'date-time' })
  occurredAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deadAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
  @ApiProperty({ description: 'How many times the re-drive enqueued it again' })
  redrives: number;
  @ApiProperty()
  jobId: string;
}

export class DeliveryCounts {
  @ApiProperty({ description: 'Deliveries still owed' })
  pending: number;
  @ApiProperty({ description: 'Dead letters' })
  dead: number;
  @ApiProperty({ type: Number, nullable: true })
  oldestPendingSeconds: number | null;
}

/** Owed commands (mails to send, captures to make): still owed, failing (retried) and dead. */
export class CommandCounts {
  @ApiProperty({ description: 'Owed, not tried yet (or owed again)' })
  owed: number;
  @ApiProperty({ description: 'Their last attempt failed; retried' })
  failed: number;
  @ApiProperty({ description: 'Stopped retrying' })
  dead: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Age of the oldest command still owed or failing' })
  oldestOwedSeconds: number | null;
}

export class QueuesOverview {
  @ApiProperty({ type: [QueueCounts] })
  queues: QueueCounts[];
  @ApiProperty()
  deliveries: DeliveryCounts;
  @ApiProperty()
  commands: CommandCounts;
}

export class RetriedJobs extends SuccessResult {
  @ApiProperty({ description: 'How many were queued again' })
  retried: number;
}
