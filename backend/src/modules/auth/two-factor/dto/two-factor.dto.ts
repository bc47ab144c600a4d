import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

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
