import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDateString, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

export const API_KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
export const API_KEY_ACCESS = ['read', 'write'] as const;

const SCOPES_SCHEMA: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: { type: 'string', enum: [...API_KEY_ACCESS] },
  description: 'Per resource (GET /api/admin/api-keys/scopes): `read` (GET) or `write` (every method; implies read)',
  example: { users: 'read', coupons: 'write' },
};

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const BAD_KEY_NAME = 'Give the key a name of 1 to 80 characters';

export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 80, example: 'Accounting export' })
  @Transform(trim)
  @IsString({ message: BAD_KEY_NAME })
  @IsNotEmpty({ message: BAD_KEY_NAME })
  @MaxLength(80, { message: BAD_KEY_NAME })
  name: string;

  @ApiProperty(SCOPES_SCHEMA)
  @IsObject({ message: 'Choose at least one resource the key may read or write' })
  scopes: Record<string, unknown>;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'When the key stops working (in the future); none: it works until revoked' })
  @IsOptional()
  @IsDateString({ strict: true }, { message: 'The expiry must be a date and time (ISO 8601) in the future' })
  expiresAt?: string;
}

export class ApiKeyCreator {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'admin@example.com' })
  email: string;
}

/** A key as the console lists it: never its secret. */
export class ApiKeyView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'Accounting export' })
  name: string;
  @ApiProperty({ example: 'cpk_4fTq9ZkLm2Xa', description: 'The start of the key (`cpk_<keyId>`), to recognise it' })
  prefix: string;
  @ApiProperty(SCOPES_SCHEMA)
  scopes: Record<string, 'read' | 'write'>;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: Date | null;
  @ApiProperty()
  createdAt: Date;
  @ApiProperty({ type: ApiKeyCreator })
  createdBy: ApiKeyCreator;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Updated at most once a minute' })
  lastUsedAt: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: Date | null;
  @ApiProperty({ enum: API_KEY_STATUSES })
  status: 'active' | 'revoked' | 'expired';
}

/** A new key: the only answer that carries the whole key. */
export class CreatedApiKey extends ApiKeyView {
  @ApiProperty({
    example: 'cpk_4fTq9ZkLm2Xa_3q2-7wz9Fh0lK8mZpQ4cV1bN6xR5tY0uI2oP9aS7dE4',
    description: 'The whole key, shown this once: it cannot be read again',
  })
  secret: string;
}

export class ApiKeyResource {
  @ApiProperty({ example: 'users' })
  resource: string;
  @ApiProperty({ example: 'Users' })
  label: string;
}

export class ApiKeyScopeCatalogue {
  @ApiProperty({ type: [ApiKeyResource], description: 'The admin API resources a key may be given, from the routes themselves' })
  resources: ApiKeyResource[];
}
