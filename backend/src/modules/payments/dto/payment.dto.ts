import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { COUNTRY_CODES, type CountryCode } from '../../../common/i18n';
import { EMAIL_PATTERN } from '../../users';
import { PAYMENT_METHODS, type PaymentMethod } from '../providers/payment-provider';

export const SELECT_BOTH = 'Please select both cryptocurrency and blockchain network';
export const BAD_EMAIL = 'Please enter a valid email address';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const BAD_COUNTRY = 'Please choose your country from the list';
export const BAD_COMPANY = 'The company name must be text of at most 120 characters';
export const BAD_ADDRESS = 'The address must be text of at most 300 characters';
export const BAD_VAT_ID = 'The VAT ID must be 2 to 40 letters and digits (spaces, dots and hyphens allowed)';

/** An optional text left empty is not given. */
const given = (text: string | undefined) => (text === '' ? undefined : text);
/** One line: spaces collapsed. */
const oneLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? given(value.replace(/\s+/g, ' ').trim()) : value);
/** An address keeps its lines (each trimmed, empty ones dropped). */
const lines = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? given(
        value
          .split(/\r?\n/)
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n'),
      )
    : value;
const upperCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? given(value.trim().toUpperCase()) : value);

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

  @ApiPropertyOptional({
    maxLength: 1000,
    description:
      'The signed referral POST /referrals/visit answered (kept in localStorage), for browsers without the cp_ref cookie; an invalid or expired one is ignored',
  })
  @IsOptional()
  @IsString({ message: 'referral must be text' })
  @MaxLength(1000, { message: 'referral must be at most 1000 characters' })
  referral?: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(254, { message: BAD_EMAIL })
  @Matches(EMAIL_PATTERN, { message: BAD_EMAIL })
  @IsString({ message: BAD_EMAIL })
  @IsNotEmpty({ message: BAD_EMAIL })
  email: string;

  @ApiPropertyOptional({
    enum: COUNTRY_CODES,
    enumName: 'CountryCode',
    example: 'DE',
    description: "For the invoice: the buyer's country (ISO 3166 alpha-2); with Settings > General > Tax rates it decides the tax included in the price",
  })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(COUNTRY_CODES, { message: BAD_COUNTRY })
  buyerCountry?: CountryCode;

  @ApiPropertyOptional({ maxLength: 120, example: 'Muster GmbH', description: "For the invoice: the buyer's company" })
  @IsOptional()
  @Transform(oneLine)
  @MaxLength(120, { message: BAD_COMPANY })
  @IsString({ message: BAD_COMPANY })
  buyerCompany?: string;

  @ApiPropertyOptional({
    maxLength: 300,
    example: 'Hauptstraße 1\n10115 Berlin',
    description: "For the invoice: the buyer's billing address (lines separated by \\n)",
  })
  @IsOptional()
  @Transform(lines)
  @MaxLength(300, { message: BAD_ADDRESS })
  @IsString({ message: BAD_ADDRESS })
  buyerAddress?: string;

  @ApiPropertyOptional({ maxLength: 40, example: 'DE123456789', description: "For the invoice: the buyer's VAT or tax ID" })
  @IsOptional()
  @Transform(upperCase)
  @Matches(/^[A-Z0-9][A-Z0-9 .-]{1,39}$/, { message: BAD_VAT_ID })
  @IsString({ message: BAD_VAT_ID })
  buyerVatId?: string;
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

/** Declining a learner's refund request: the reason is emailed to the buyer. */
export class DeclineRefundDto {
  @ApiProperty({
    description: 'Why the refund is declined; the buyer is emailed it and sees it on the account page',
    example: 'More than 20% of the lessons were opened',
  })
  @Transform(trim)
  @MaxLength(500, { message: 'The reason must be at most 500 characters' })
  @MinLength(3, { message: 'Please tell the buyer why the refund is declined' })
  @IsString({ message: 'Please tell the buyer why the refund is declined' })
  @IsNotEmpty({ message: 'Please tell the buyer why the refund is declined' })
  reason: string;
}
