import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

/** Which failed jobs (or dead letters) to retry: the given ids, or all of them when `ids` is absent. */
export class RetryManyDto {
  @ApiPropertyOptional({ type: [String], description: 'Ids to retry; absent: every one (matching the filter)' })
  @IsOptional()
  @IsArray({ message: 'ids must be a list' })
  @ArrayMaxSize(500, { message: 'At most 500 ids at once' })
  @IsString({ each: true, message: 'Each id must be a text' })
  @MaxLength(200, { each: true, message: 'An id is at most 200 characters' })
  ids?: string[];

  @ApiPropertyOptional({ description: 'Dead letters only: retry those of this consumer' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  consumer?: string;

  @ApiPropertyOptional({ description: 'Dead letters only: retry those of this queue' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  queue?: string;
}
