import { ApiProperty } from '@nestjs/swagger';
import { SignedLinkQueryDto } from '../../../common/auth/signed-link-query.dto';
import { IsString, Matches, MaxLength } from 'class-validator';

/** A lesson file (an uploaded PDF) the course editor wants to preview before or after saving. */
export class FilePreviewDto {
  @ApiProperty({ example: '/media/3f2a9c0e5b1d4e7f8a6b2c1d0e9f8a7b.pdf' })
  @IsString({ message: 'url must be the /media address of an uploaded file' })
  @MaxLength(300, { message: 'url must be the /media address of an uploaded file' })
  @Matches(/^\/media\/(seed\/)?[\w-]+\.pdf$/i, { message: 'url must be the /media address of an uploaded PDF' })
  url: string;
}

/** The editor's preview link: the signed-link parts and the file it opens. */
export class FilePreviewQueryDto extends SignedLinkQueryDto {
  @ApiProperty({ description: 'The /media address of the uploaded PDF', example: '/media/3f2a9c0e5b1d4e7f8a6b2c1d0e9f8a7b.pdf' })
  @IsString({ message: 'ref must be the /media address of an uploaded PDF' })
  @MaxLength(300, { message: 'ref must be the /media address of an uploaded PDF' })
  @Matches(/^\/media\/(seed\/)?[\w-]+\.pdf$/i, { message: 'ref must be the /media address of an uploaded PDF' })
  ref: string;
}
