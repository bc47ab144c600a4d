import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

/** The parts of a signed download link (see signed-links.ts). */
export class SignedLinkQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Signed link: who it was issued to' })
  @IsOptional()
  @IsUUID('all', { message: 'The download link is not valid' })
  u?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Signed link: the session generation it belongs to' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The download link is not valid' })
  @Min(0, { message: 'The download link is not valid' })
  @Max(2_147_483_647, { message: 'The download link is not valid' })
  v?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'Signed link: the session that asked for it (signing out of it ends the link)' })
  @IsOptional()
  @IsUUID('all', { message: 'The download link is not valid' })
  s?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Signed link: expiry, seconds since epoch' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The download link is not valid' })
  @Min(0, { message: 'The download link is not valid' })
  @Max(99_999_999_999, { message: 'The download link is not valid' })
  exp?: number;

  @ApiPropertyOptional({ description: 'Signed link: the signature' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'The download link is not valid' })
  sig?: string;

  /** `1`: show the file in the browser (images and PDFs) instead of saving it. */
  @ApiPropertyOptional({ enum: ['1'], description: '1: show the file in the browser (images and PDFs) instead of saving it' })
  @IsOptional()
  @IsIn(['1'], { message: 'inline must be 1' })
  inline?: string;
}
