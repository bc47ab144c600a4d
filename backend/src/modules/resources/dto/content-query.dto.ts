import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { CONTENT_CATEGORIES, CONTENT_TYPES, type ContentCategory, type ContentType } from '../resource-kinds';

/** The Content Database's search box, selects and page. */
export class ContentQueryDto {
  @IsOptional() @IsString() @MaxLength(200, { message: 'Search text must be at most 200 characters' })
  q?: string;

  @IsOptional() @IsIn(CONTENT_CATEGORIES, { message: `Category must be one of ${CONTENT_CATEGORIES.join(', ')}` })
  category?: ContentCategory;

  @IsOptional() @IsIn(CONTENT_TYPES, { message: `Type must be one of ${CONTENT_TYPES.join(', ')}` })
  type?: ContentType;

  @IsOptional() @Type(() => Number)
  @IsInt({ message: 'Page must be a whole number from 1 to 100000' })
  @Min(1, { message: 'Page must be a whole number from 1 to 100000' })
  @Max(100_000, { message: 'Page must be a whole number from 1 to 100000' })
  page: number = 1;

  @IsOptional() @Type(() => Number)
  @IsInt({ message: 'Page size must be a whole number from 1 to 100' })
  @Min(1, { message: 'Page size must be a whole number from 1 to 100' })
  @Max(100, { message: 'Page size must be a whole number from 1 to 100' })
  pageSize: number = 12;
}

export class SearchQueryDto {
  @MaxLength(200, { message: 'Search text must be at most 200 characters' })
  @IsString({ message: 'Search text is required' })
  q: string;
}

/** The parts of a signed download link (see DownloadLinks). */
export class DownloadLinkQueryDto {
  @IsOptional() @IsUUID('all', { message: 'The download link is not valid' })
  u?: string;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'The download link is not valid' })
  exp?: number;

  @IsOptional() @IsString() @MaxLength(100, { message: 'The download link is not valid' })
  sig?: string;

  /** `1`: show the file in the browser (images and PDFs) instead of saving it. */
  @IsOptional() @IsIn(['1'], { message: 'inline must be 1' })
  inline?: string;
}
