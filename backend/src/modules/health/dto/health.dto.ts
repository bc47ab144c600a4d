import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorBody } from '../../../common/errors/error-body';

/** One component's state: database, redis, queues or mail. */
export class ComponentHealth {
  @ApiProperty({ enum: ['up', 'down'] })
  status: 'up' | 'down';
  @ApiPropertyOptional({ description: 'Why it is down' })
  message?: string;
  @ApiPropertyOptional({ description: 'queues: failed jobs over every queue' })
  failed?: number;
  @ApiPropertyOptional({ description: 'queues: jobs waiting over every queue' })
  waiting?: number;
  @ApiPropertyOptional({
    enum: ['ok', 'failing', 'delayed'],
    description: 'mail: ok; failing (the newest attempt failed, nothing sent since); delayed (a mail waits over 15 minutes)',
  })
  delivery?: 'ok' | 'failing' | 'delayed';
  @ApiPropertyOptional({ description: 'mail: mails still retrying whose last attempt failed in the last hour' })
  recentFailures?: number;
  @ApiPropertyOptional({ description: 'mail: mails owed and not sent yet' })
  unsent?: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'mail: age of the oldest unsent mail' })
  oldestUnsentSeconds?: number | null;
}

const COMPONENTS = { type: 'object', additionalProperties: { $ref: '#/components/schemas/ComponentHealth' } } as const;

/** The readiness report: every component up. */
export class HealthReport {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
  @ApiProperty({ ...COMPONENTS, description: 'The components that are up' })
  info: Record<string, ComponentHealth>;
  @ApiProperty({ ...COMPONENTS, description: 'The components that are down (none)' })
  error: Record<string, ComponentHealth>;
  @ApiProperty({ ...COMPONENTS, description: 'Every component, and mail delivery (reported here only: it does not make the API unready)' })
  details: Record<string, ComponentHealth>;
}

/** Not ready: the one error shape, with the per-component report beside it. */
export class HealthUnavailable extends ErrorBody {
  @ApiProperty({ enum: ['error'] })
  status: 'error';
  @ApiProperty({ ...COMPONENTS, description: 'The components that are up' })
  info: Record<string, ComponentHealth>;
  @ApiProperty({ ...COMPONENTS, description: 'Every component, with why the others are down' })
  details: Record<string, ComponentHealth>;
}
