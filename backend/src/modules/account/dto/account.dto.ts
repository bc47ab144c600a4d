import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LANGUAGES, type Language } from '../../../common/i18n';
import { EMAIL_PATTERN } from '../../users';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ProfileDto {
  @ApiProperty({ maxLength: 120 })
  @Transform(trim)
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name: string;
}

export class LanguageDto {
  @ApiProperty({ enum: LANGUAGES, description: "The account's language: its mails, documents and messages, and the interface it opens in" })
  @IsIn(LANGUAGES, { message: 'Please choose one of the languages offered' })
  language: Language;
}

export class EmailChangeDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(254)
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  newEmail: string;

  @ApiProperty()
  @MaxLength(256)
  @IsNotEmpty({ message: 'Current password is required' })
  @IsString({ message: 'Current password is required' })
  currentPassword: string;
}

export class ConfirmEmailChangeDto {
  @ApiProperty()
  @MaxLength(1200)
  @IsNotEmpty({ message: 'The confirmation link is incomplete' })
  @IsString({ message: 'The confirmation link is incomplete' })
  token: string;
}

export class DeleteAccountDto {
  @ApiProperty()
  @MaxLength(256)
  @IsNotEmpty({ message: 'Current password is required' })
  @IsString({ message: 'Current password is required' })
  currentPassword: string;

  @ApiProperty({ description: 'The word DELETE, typed by the learner' })
  @IsIn(['DELETE'], { message: 'Type DELETE to confirm' })
  confirm: string;
}

export class RefundRequestDto {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @MaxLength(1000, { message: 'The reason must be at most 1000 characters' })
  @IsString({ message: 'The reason must be text' })
  reason?: string;
}

export class SupportMessageDto {
  @ApiProperty({ maxLength: 150 })
  @Transform(trim)
  @MaxLength(150, { message: 'The subject must be at most 150 characters' })
  @IsNotEmpty({ message: 'Subject is required' })
  @IsString({ message: 'Subject is required' })
  subject: string;

  @ApiProperty({ maxLength: 5000 })
  @Transform(trim)
  @MaxLength(5000, { message: 'The message must be at most 5000 characters' })
  @IsNotEmpty({ message: 'Message is required' })
  @IsString({ message: 'Message is required' })
  message: string;
}

export class SupportMessageStatusDto {
  @ApiProperty({ enum: ['new', 'read'] })
  @IsIn(['new', 'read'], { message: 'status must be new or read' })
  status: 'new' | 'read';
}
