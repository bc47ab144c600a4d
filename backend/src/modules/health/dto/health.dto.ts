import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorBody } from '../../../common/errors/error-body';

/** One component's state: database, redis or queues. */
export class ComponentHealth {
  @ApiProperty({ enum: ['up', 'down'] })
  status: 'up' | 'down';
  @ApiPropertyOptional({ description: 'Why it is down' })
  message?: string;
  @ApiPropertyOptional({ description: 'queues: failed jobs over every queue' })
  failed?: number;
  @ApiPropertyOptional({ description: 'queues: jobs waiting over every queue' })
  waiting?: number;
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
  @ApiProperty({ ...COMPONENTS, description: 'Every component' })
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
