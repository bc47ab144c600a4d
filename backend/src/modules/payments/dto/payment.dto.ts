import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { EMAIL_PATTERN } from '../../users';
import { PAYMENT_METHODS, type PaymentMethod } from '../providers/payment-provider';
import { SANDBOX_OUTCOMES, type SandboxFaults, type SandboxOutcome } from '../providers/sandbox.provider';

export const SELECT_BOTH = 'Please select both cryptocurrency and blockchain network';
export const BAD_EMAIL = 'Please enter a valid email address';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreatePaymentDto {
  @ApiProperty({ type: Number, example: 497, description: 'Must equal the server price (497.00 USD)' })
  @IsDefined({ message: 'The price is 497.00 USD' })
  @Allow()
  amount: unknown;

  @ApiPropertyOptional({
    enum: PAYMENT_METHODS,
    default: 'crypto',
    description: 'How the buyer pays; card and PayPal only when configured (GET /payments/methods)',
  })
  @IsOptional()
  @IsIn(PAYMENT_METHODS, { message: `method must be one of ${PAYMENT_METHODS.join(', ')}` })
  method?: PaymentMethod;

  @ApiPropertyOptional({ example: 'USDT', description: 'Crypto only: the cryptocurrency' })
  @ValidateIf((o: CreatePaymentDto) => !o.method || o.method === 'crypto')
  @Transform(trim)
  @MaxLength(10, { message: SELECT_BOTH })
  @IsString({ message: SELECT_BOTH })
  @IsNotEmpty({ message: SELECT_BOTH })
  currency?: string;

  @ApiPropertyOptional({ example: 'Tron (TRC-20)', description: 'Crypto only: the network' })
  @ValidateIf((o: CreatePaymentDto) => !o.method || o.method === 'crypto')
  @Transform(trim)
  @MaxLength(64, { message: SELECT_BOTH })
  @IsString({ message: SELECT_BOTH })
  @IsNotEmpty({ message: SELECT_BOTH })
  blockchain?: string;

  @ApiPropertyOptional({ example: 'LAUNCH20', description: 'A coupon code; the server recomputes the price with it' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The coupon code must be text' })
  @MaxLength(40, { message: 'This coupon code is not valid' })
  couponCode?: string;

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
