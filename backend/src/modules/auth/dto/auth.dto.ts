import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN } from '../../users';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(254)
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  email: string;

  @ApiProperty()
  @MaxLength(256)
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'rememberMe must be true or false' })
  rememberMe?: boolean;
}

export class ForgotPasswordDto {
  @ApiProperty()
  @Transform(trim)
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  @IsNotEmpty({ message: 'Email is required' })
  email: string;
}

export class CheckResetLinkDto {
  @ApiProperty()
  @MaxLength(200)
  @IsString()
  @IsNotEmpty({ message: 'The reset link is incomplete' })
  token: string;
}

export class ResetPasswordDto {
  @ApiProperty()
  @MaxLength(200)
  @IsString()
  @IsNotEmpty({ message: 'The reset link is incomplete' })
  token: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @MaxLength(256)
  @IsString()
  @IsNotEmpty({ message: 'Current password is required' })
  currentPassword: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'New password is required' })
  newPassword: string;
}

export class CreateAccountDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(254)
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  email: string;

  @ApiProperty({ maxLength: 120, description: "The learner's full name, as certificates and receipts print it", example: 'Ana Ferreira' })
  @Transform(trim)
  @MaxLength(120, { message: 'Your name must be at most 120 characters' })
  @IsNotEmpty({ message: 'Please enter your full name' })
  @IsString({ message: 'Please enter your full name' })
  name: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  password: string;

  @ApiProperty({ description: 'The paymentId of a PAID, unclaimed checkout bought with this email' })
  @IsUUID('all', { message: 'Payment not found' })
  @IsNotEmpty({ message: 'Payment not found' })
  paymentId: string;

  @ApiPropertyOptional({ description: 'Proof of purchase: the claimSecret the checkout answered (same device)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  claimSecret?: string;

  @ApiPropertyOptional({ description: 'Proof of purchase: the token of the emailed claim link (another device)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  claimToken?: string;
}
