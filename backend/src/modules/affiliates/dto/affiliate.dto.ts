import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { SALE_CURRENCIES } from '../../settings';

export const PAYOUT_METHODS = ['paypal', 'bank', 'crypto'] as const;
export const AFFILIATE_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const COMMISSION_TYPES = ['percent', 'fixed'] as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An optional text left empty is not given. */
const trimOrOmit = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

export const BAD_PLAN = 'Tell us how you will promote the academy in 10 to 1000 characters';
export const BAD_PAYOUT_METHOD = 'Choose how you want to be paid: paypal, bank or crypto';
export const BAD_PAYOUT_DETAILS = 'Give your payout details (a PayPal email, bank details or a wallet address) in at most 300 characters';
export const BAD_WEBSITE = 'The website must be an http(s) address of at most 300 characters';

/** Short text from the visit's URL: at most 100 characters. */
const UTM = 100;

export class ReferralVisitDto {
  @ApiPropertyOptional({ example: 'K7QM2XPA', description: "The `ref` query parameter: an affiliate's code" })
  @IsOptional()
  @Transform(trimOrOmit)
  @IsString({ message: 'ref must be text' })
  @MaxLength(64, { message: 'ref must be at most 64 characters' })
  ref?: string;

  @ApiPropertyOptional({ example: 'newsletter', maxLength: UTM })
  @IsOptional()
  @Transform(trimOrOmit)
  @IsString({ message: 'utmSource must be text' })
  @MaxLength(UTM, { message: `utmSource must be at most ${UTM} characters` })
  utmSource?: string;

  @ApiPropertyOptional({ example: 'email', maxLength: UTM })
  @IsOptional()
  @Transform(trimOrOmit)
  @IsString({ message: 'utmMedium must be text' })
  @MaxLength(UTM, { message: `utmMedium must be at most ${UTM} characters` })
  utmMedium?: string;

  @ApiPropertyOptional({ example: 'launch', maxLength: UTM })
  @IsOptional()
  @Transform(trimOrOmit)
  @IsString({ message: 'utmCampaign must be text' })
  @MaxLength(UTM, { message: `utmCampaign must be at most ${UTM} characters` })
  utmCampaign?: string;

  @ApiPropertyOptional({ example: 'https://www.example.com/post', description: 'document.referrer; only its domain is kept' })
  @IsOptional()
  @IsString({ message: 'referrer must be text' })
  @MaxLength(2000, { message: 'referrer must be at most 2000 characters' })
  referrer?: string;

  @ApiProperty({ example: '/courses', description: 'The path of the page visited (without query)' })
  @Transform(trim)
  @IsString({ message: 'path must be a path such as /courses' })
  @Matches(/^\/[^\s]*$/, { message: 'path must be a path such as /courses' })
  @MaxLength(500, { message: 'path must be at most 500 characters' })
  path: string;
}

export class PayoutDetailsDto {
  @ApiProperty({ enum: PAYOUT_METHODS })
  @IsIn(PAYOUT_METHODS, { message: BAD_PAYOUT_METHOD })
  payoutMethod: (typeof PAYOUT_METHODS)[number];

  @ApiProperty({ minLength: 1, maxLength: 300, example: 'me@paypal.example' })
  @Transform(trim)
  @IsString({ message: BAD_PAYOUT_DETAILS })
  @IsNotEmpty({ message: BAD_PAYOUT_DETAILS })
  @MaxLength(300, { message: BAD_PAYOUT_DETAILS })
  payoutDetails: string;
}

export class ApplyDto extends PayoutDetailsDto {
  @ApiPropertyOptional({ maxLength: 300, example: 'https://myblog.example' })
  @IsOptional()
  @Transform(trimOrOmit)
  @IsString({ message: BAD_WEBSITE })
  @Matches(/^https?:\/\/[^\s]+$/i, { message: BAD_WEBSITE })
  @MaxLength(300, { message: BAD_WEBSITE })
  website?: string;

  @ApiProperty({ minLength: 10, maxLength: 1000, example: 'A weekly newsletter on affiliate marketing with 4,000 readers' })
  @Transform(trim)
  @IsString({ message: BAD_PLAN })
  @MinLength(10, { message: BAD_PLAN })
  @MaxLength(1000, { message: BAD_PLAN })
  promotionPlan: string;
}

export class DashboardQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 365, default: 30, description: 'How many days (up to today, site timezone)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number from 1 to 365' })
  @Min(1, { message: 'days must be a whole number from 1 to 365' })
  @Max(365, { message: 'days must be a whole number from 1 to 365' })
  days?: number;
}

/** The console's edit of an affiliate: any of these (the grid's read-only fields are ignored). */
export class AdminAffiliateUpdateDto {
  @ApiPropertyOptional({ enum: AFFILIATE_STATUSES, description: 'pending→approved|rejected, approved→suspended, suspended→approved' })
  @IsOptional()
  @IsIn(AFFILIATE_STATUSES, { message: `status must be one of ${AFFILIATE_STATUSES.join(', ')}` })
  status?: (typeof AFFILIATE_STATUSES)[number];

  @ApiPropertyOptional({ enum: COMMISSION_TYPES, nullable: true, description: "This affiliate's own commission; null: the Settings' commission" })
  @IsOptional()
  @IsIn([...COMMISSION_TYPES, null], { message: 'commissionType must be percent, fixed or null' })
  commissionType?: (typeof COMMISSION_TYPES)[number] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '40',
    description: 'percent: a whole number 0-100; fixed: an amount (per sale, in the sale currency) with at most two decimals',
  })
  @ValidateIf((o: AdminAffiliateUpdateDto) => o.commissionValue !== null && o.commissionValue !== undefined)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'commissionValue must be a number such as 40 or 50.00' })
  @Matches(/^\d{1,7}(\.\d{1,2})?$/, { message: 'commissionValue must be a number such as 40 or 50.00' })
  commissionValue?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'JANE10',
    description: 'A coupon (created under Coupons) that attributes sales to this affiliate; null: none',
  })
  @ValidateIf((o: AdminAffiliateUpdateDto) => o.couponCode !== null && o.couponCode !== undefined)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value))
  @IsString({ message: 'couponCode must be 2-40 letters, digits, - or _' })
  @Matches(/^[A-Z0-9_-]{2,40}$/, { message: 'couponCode must be 2-40 letters, digits, - or _' })
  couponCode?: string | null;

  // The grid's read-only fields, sent back by ra-data-simple-rest with the whole record: accepted and ignored.
  @Allow() id?: unknown;
  @Allow() name?: unknown;
  @Allow() email?: unknown;
  @Allow() code?: unknown;
  @Allow() clicks?: unknown;
  @Allow() sales?: unknown;
  @Allow() pendingTotal?: unknown;
  @Allow() payableTotal?: unknown;
  @Allow() paidTotal?: unknown;
  @Allow() currency?: unknown;
  @Allow() payoutMethod?: unknown;
  @Allow() payoutDetails?: unknown;
  @Allow() website?: unknown;
  @Allow() promotionPlan?: unknown;
  @Allow() appliedAt?: unknown;
  @Allow() decidedAt?: unknown;
}

export class PayoutDto {
  @ApiProperty({ enum: SALE_CURRENCIES })
  @IsIn(SALE_CURRENCIES, { message: `currency must be one of ${SALE_CURRENCIES.join(', ')}` })
  currency: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'Only these affiliates; absent: everyone owed in this currency' })
  @IsOptional()
  @IsArray({ message: 'affiliateIds must be a list of affiliate ids' })
  @ArrayMaxSize(1000, { message: 'At most 1000 affiliates in one payout' })
  @IsUUID('all', { each: true, message: 'affiliateIds must be a list of affiliate ids' })
  affiliateIds?: string[];

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Bank batch 2025-07-01' })
  @Transform(trim)
  @IsString({ message: 'Give the payout a reference (the bank or wallet batch) of at most 200 characters' })
  @IsNotEmpty({ message: 'Give the payout a reference (the bank or wallet batch) of at most 200 characters' })
  @MaxLength(200, { message: 'Give the payout a reference (the bank or wallet batch) of at most 200 characters' })
  reference: string;
}
