import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class TwoFactorChallengeDto {
  @ApiProperty({ description: 'The challenge the password step answered' })
  @IsString({ message: 'challenge is required' })
  @IsNotEmpty({ message: 'challenge is required' })
  @MaxLength(100)
  challenge: string;
}

export class TwoFactorCodeDto extends TwoFactorChallengeDto {
  @ApiProperty({ description: 'The 6-digit code of the authenticator app, or a recovery code' })
  @IsString({ message: 'Enter the code from your authenticator app' })
  @IsNotEmpty({ message: 'Enter the code from your authenticator app' })
  @MaxLength(40)
  code: string;
}

export class TwoFactorConfirmDto {
  @ApiProperty({ description: 'The 6-digit code of the authenticator app' })
  @IsString({ message: 'Enter the code from your authenticator app' })
  @IsNotEmpty({ message: 'Enter the code from your authenticator app' })
  @MaxLength(40)
  code: string;
}

/** The signed-in admin's password, asked again before setting up two-factor sign-in. */
export class PasswordConfirmDto {
  @ApiProperty({ description: "The signed-in administrator's password" })
  @MaxLength(256)
  @IsString({ message: 'Enter your password' })
  @IsNotEmpty({ message: 'Enter your password' })
  password: string;
}

/** Proof that the acting admin is at the keyboard: their password, or a current code from their own authenticator app. */
export class ReauthenticateDto {
  @ApiPropertyOptional({ description: "The acting administrator's password" })
  @IsOptional()
  @MaxLength(256)
  @IsString({ message: 'Enter your password' })
  password?: string;

  @ApiPropertyOptional({ description: "Or a current 6-digit code from the acting administrator's authenticator app" })
  @IsOptional()
  @MaxLength(40)
  @IsString({ message: 'Enter the code from your authenticator app' })
  code?: string;
}
