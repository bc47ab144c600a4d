import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PAYMENT_METHODS, type PaymentMethod } from '../providers/payment-provider';
import { CheckoutStarted } from './payment-views.dto';

export class ResumeCheckoutDto {
  @ApiProperty({ description: "The token of the reminder's link (`<expiry>.<signature>`, from its `#token=` fragment)", example: '1795730000.x2Vb...' })
  @IsString({ message: 'token must be the token of the link' })
  @MaxLength(80, { message: 'token must be the token of the link' })
  token: string;
}

export class ResumedCheckout extends CheckoutStarted {
  @ApiProperty({ description: "The checkout's email (the page keeps it like a checkout it started)" })
  email: string;
  @ApiProperty({ enum: PAYMENT_METHODS })
  method: PaymentMethod;
  @ApiProperty({
    enum: ['same', 'new'],
    description: '`same`: the checkout of the mail as it was; `new`: made again with the same method (its quote had expired, or the recovery coupon applied)',
  })
  resumed: 'same' | 'new';
}

/** The signed unsubscribe link's parameters (its query). */
export class RecoveryUnsubscribeQuery {
  @ApiPropertyOptional({ description: 'The address to unsubscribe (as in the link)' })
  @IsOptional()
  @IsString({ message: 'email must be a text' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email?: string;

  @ApiPropertyOptional({ description: 'The signature of the address (as in the link)' })
  @IsOptional()
  @IsString({ message: 'token must be a text' })
  @MaxLength(80, { message: 'token must be at most 80 characters' })
  token?: string;
}

/** The learner site's confirmation page sends the link's parameters as JSON; a mail client's one-click POST sends `List-Unsubscribe=One-Click` (form-encoded). */
export class RecoveryUnsubscribeBody extends RecoveryUnsubscribeQuery {
  @ApiPropertyOptional({
    enum: ['One-Click'],
    name: 'List-Unsubscribe',
    description: "RFC 8058's one-click body (form-encoded; the query carries the address and token)",
  })
  'List-Unsubscribe'?: string;
}

export class RecoveryUnsubscribed {
  @ApiProperty({ enum: [true] })
  unsubscribed: true;
  @ApiProperty()
  email: string;
}
