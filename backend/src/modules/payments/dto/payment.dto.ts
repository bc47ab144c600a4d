import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { EMAIL_PATTERN } from '../../users/password-policy';
import { SANDBOX_OUTCOMES, type SandboxFaults, type SandboxOutcome } from '../providers/sandbox.provider';

export const SELECT_BOTH = 'Please select both cryptocurrency and blockchain network';
export const BAD_EMAIL = 'Please enter a valid email address';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreatePaymentDto {
  @ApiProperty({ example: 497, description: 'Must equal the server price (497.00 USD)' })
  @IsDefined({ message: 'The price is 497.00 USD' })
  @Allow()
  amount: unknown;

  @ApiProperty({ example: 'USDT' })
  @Transform(trim)
  @MaxLength(10, { message: SELECT_BOTH })
  @IsString({ message: SELECT_BOTH })
  @IsNotEmpty({ message: SELECT_BOTH })
  currency: string;

  @ApiProperty({ example: 'Tron (TRC-20)' })
  @Transform(trim)
  @MaxLength(64, { message: SELECT_BOTH })
  @IsString({ message: SELECT_BOTH })
  @IsNotEmpty({ message: SELECT_BOTH })
  blockchain: string;

  @ApiPropertyOptional({ example: 'user_1700000000000' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  clientId?: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(254, { message: BAD_EMAIL })
  @Matches(EMAIL_PATTERN, { message: BAD_EMAIL })
  @IsString({ message: BAD_EMAIL })
  @IsNotEmpty({ message: BAD_EMAIL })
  email: string;
}

export class SimulateDto {
  @ApiProperty({ enum: SANDBOX_OUTCOMES })
  @IsIn(SANDBOX_OUTCOMES, { message: `outcome must be one of ${SANDBOX_OUTCOMES.join(', ')}` })
  outcome: SandboxOutcome;

  @ApiPropertyOptional({ description: 'Test fault switches: { duplicate, reorder, drop: [status], badSignature }' })
  @IsOptional()
  @IsObject()
  faults?: SandboxFaults;
}

export class RefundDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(500, { message: 'The reason must be at most 500 characters' })
  @MinLength(3, { message: 'Please give a reason for the refund' })
  @IsString({ message: 'Please give a reason for the refund' })
  @IsNotEmpty({ message: 'Please give a reason for the refund' })
  reason: string;
}
