import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CONTENT_CATEGORIES, CONTENT_TYPES, type ContentCategory, type ContentType } from '../resource-kinds';

/** The Content Database's search box, selects and page. */
export class ContentQueryDto {
  @ApiPropertyOptional({ description: 'Part of a title or a tag', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Search text must be at most 200 characters' })
  q?: string;

  @ApiPropertyOptional({ enum: CONTENT_CATEGORIES, enumName: 'ContentCategory' })
  @IsOptional()
  @IsIn(CONTENT_CATEGORIES, { message: `Category must be one of ${CONTENT_CATEGORIES.join(', ')}` })
  category?: ContentCategory;

  @ApiPropertyOptional({ enum: CONTENT_TYPES, enumName: 'ContentType' })
  @IsOptional()
  @IsIn(CONTENT_TYPES, { message: `Type must be one of ${CONTENT_TYPES.join(', ')}` })
  type?: ContentType;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100_000, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Page must be a whole number from 1 to 100000' })
  @Min(1, { message: 'Page must be a whole number from 1 to 100000' })
  @Max(100_000, { message: 'Page must be a whole number from 1 to 100000' })
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 12 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Page size must be a whole number from 1 to 100' })
  @Min(1, { message: 'Page size must be a whole number from 1 to 100' })
  @Max(100, { message: 'Page size must be a whole number from 1 to 100' })
  pageSize: number = 12;
}

export class SearchQueryDto {
  @ApiProperty({ description: 'The text to look for (case-insensitive)', maxLength: 200 })
  @MaxLength(200, { message: 'Search text must be at most 200 characters' })
  @IsString({ message: 'Search text is required' })
  q: string;
}
