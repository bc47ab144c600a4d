import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const BAD_URL = 'Enter the URL that receives the events (https://example.com/webhooks)';
export const BAD_EVENT_TYPES = 'Choose at least one event type from the catalogue';
export const BAD_DESCRIPTION = 'The description may have at most 500 characters';

export class CreateWebhookEndpointDto {
  @ApiProperty({ example: 'https://crm.example.com/hooks/course-platform', maxLength: 2000 })
  @Transform(trim)
  @IsString({ message: BAD_URL })
  @MaxLength(2000, { message: 'The URL may have at most 2000 characters' })
  url: string;

  @ApiPropertyOptional({ example: 'CRM sync', maxLength: 500 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: BAD_DESCRIPTION })
  @MaxLength(500, { message: BAD_DESCRIPTION })
  description?: string;

  @ApiProperty({ type: [String], example: ['payment.confirmed', 'payment.refunded'], description: 'From GET /api/admin/webhooks/event-types' })
  @IsArray({ message: BAD_EVENT_TYPES })
  @ArrayMinSize(1, { message: BAD_EVENT_TYPES })
  @ArrayMaxSize(100, { message: BAD_EVENT_TYPES })
  @IsString({ each: true, message: BAD_EVENT_TYPES })
  eventTypes: string[];
}

/** The whole record (react-admin's PUT) or part of it; read-only fields are ignored. `enabled` enables or disables it. */
export class UpdateWebhookEndpointDto {
  @Allow() id?: unknown;
  @Allow() status?: unknown;
  @Allow() disabledReason?: unknown;
  @Allow() disabledAt?: unknown;
  @Allow() consecutiveFailures?: unknown;
  @Allow() previousSecretExpiresAt?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;

  @ApiPropertyOptional({ example: 'https://crm.example.com/hooks/course-platform', maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: BAD_URL })
  @MaxLength(2000, { message: 'The URL may have at most 2000 characters' })
  url?: string;

  @ApiPropertyOptional({ example: 'CRM sync', maxLength: 500 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: BAD_DESCRIPTION })
  @MaxLength(500, { message: BAD_DESCRIPTION })
  description?: string;

  @ApiPropertyOptional({ type: [String], example: ['payment.confirmed'] })
  @IsOptional()
  @IsArray({ message: BAD_EVENT_TYPES })
  @ArrayMinSize(1, { message: BAD_EVENT_TYPES })
  @ArrayMaxSize(100, { message: BAD_EVENT_TYPES })
  @IsString({ each: true, message: BAD_EVENT_TYPES })
  eventTypes?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

export class WebhookEndpointView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'https://crm.example.com/hooks/course-platform' })
  url: string;
  @ApiProperty({ example: 'CRM sync' })
  description: string;
  @ApiProperty({ type: [String], example: ['payment.confirmed'] })
  eventTypes: string[];
  @ApiProperty({ enum: ENDPOINT_STATUSES })
  status: 'enabled' | 'disabled';
  @ApiProperty({ type: String, nullable: true, description: 'Why it is disabled (an admin, a 410 Gone, a sustained failure)' })
  disabledReason: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  disabledAt: Date | null;
  @ApiProperty({ description: 'Failed attempts in a row (0 after a success)' })
  consecutiveFailures: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until then, the previous secret signs too (a rotation)' })
  previousSecretExpiresAt: Date | null;
  @ApiProperty()
  createdAt: Date;
  @ApiProperty()
  updatedAt: Date;
}

export class WebhookSecretView {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'Verify deliveries with it (Standard Webhooks)' })
  secret: string;
  @ApiProperty({ type: String, nullable: true, description: 'The previous secret, still signing until previousSecretExpiresAt' })
  previousSecret: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  previousSecretExpiresAt: Date | null;
}

export class WebhookEventTypeView {
  @ApiProperty({ example: 'payment.confirmed' })
  type: string;
  @ApiProperty({ example: 'A payment was confirmed: the buyer has lifetime access' })
  description: string;
}

export class WebhookEventTypeCatalogue {
  @ApiProperty({ type: [WebhookEventTypeView] })
  eventTypes: WebhookEventTypeView[];
  @ApiProperty({ example: 'webhook.test', description: 'The type of the event "Send test event" sends' })
  testEventType: string;
}

export class WebhookAttemptView {
  @ApiProperty({ example: 1 })
  attempt: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The request headers sent (webhook-id, webhook-timestamp, webhook-signature, ...)',
  })
  requestHeaders: Record<string, string>;
  @ApiProperty({ description: 'The JSON body sent' })
  requestBody: string;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no answer (timeout, network error)' })
  responseStatus: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'At most the first 2 KB of the answer' })
  responseBody: string | null;
  @ApiProperty()
  durationMs: number;
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
  @ApiProperty()
  createdAt: Date;
}

export class WebhookDeliveryView {
  @ApiProperty({ format: 'uuid', description: 'Also its webhook-id, the same on every attempt and resend' })
  id: string;
  @ApiProperty({ format: 'uuid' })
  endpointId: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The domain event (null: a test event)' })
  eventId: string | null;
  @ApiProperty({ example: 'payment.confirmed' })
  eventType: string;
  @ApiProperty({ enum: DELIVERY_STATES })
  state: 'pending' | 'delivered' | 'failed';
  @ApiProperty()
  attemptCount: number;
  @ApiProperty({ type: String, format: 'date-time', description: 'When a pending delivery is tried next' })
  nextAttemptAt: Date;
  @ApiProperty({ type: Number, nullable: true })
  lastStatus: number | null;
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt: Date | null;
  @ApiProperty()
  createdAt: Date;
  @ApiProperty({ description: 'The JSON body ({ type, timestamp, data })' })
  body: string;
  @ApiProperty({ type: [WebhookAttemptView], description: 'Oldest first' })
  attempts: WebhookAttemptView[];
}
