import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN } from '../password-policy';
import { PLANS, ROLES, STATUSES, type UserPlan, type UserRole, type UserStatus } from '../user.model';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The admin user form. Messages are the spec's. Read-only fields of a record sent back by react-admin are ignored. */
export class UserInputDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;

  @ApiProperty()
  @Transform(trim)
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  email: string;

  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @IsIn(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` })
  role?: UserRole;

  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES, { message: `Status must be one of ${STATUSES.join(', ')}` })
  status?: UserStatus;

  @ApiPropertyOptional({ enum: PLANS })
  @IsOptional()
  @IsIn(PLANS, { message: `Plan must be one of ${PLANS.join(', ')}` })
  plan?: UserPlan;

  @ApiPropertyOptional({ description: 'Initial password; without one the user gets an email to set it' })
  @IsOptional()
  @IsString()
  password?: string;
}

/**
 * Update: every field optional (bulk status changes send only `status`).
 * react-admin sends the whole record back; its read-only fields are accepted
 * and ignored.
 */
export class UserPatchDto {
  @Allow() id?: unknown;
  @Allow() joinDate?: unknown;
  @Allow() lastLogin?: unknown;
  @Allow() lastLoginAt?: unknown;
  @Allow() coursesCompleted?: unknown;
  @Allow() hasAccess?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;

  @IsOptional()
  @Transform(trim)
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name?: string;

  @IsOptional()
  @Transform(trim)
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  email?: string;

  @IsOptional()
  @IsIn(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` })
  role?: UserRole;

  @IsOptional()
  @IsIn(STATUSES, { message: `Status must be one of ${STATUSES.join(', ')}` })
  status?: UserStatus;

  @IsOptional()
  @IsIn(PLANS, { message: `Plan must be one of ${PLANS.join(', ')}` })
  plan?: UserPlan;

  @IsOptional()
  @IsString()
  password?: string;
}
