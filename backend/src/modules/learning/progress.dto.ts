import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Twelve hours: no lesson video is longer; anything above is a client bug. */
export const MAX_POSITION_SECONDS = 12 * 3600;

export class LessonPositionDto {
  @ApiProperty({ description: 'Last video position in whole seconds' })
  @Max(MAX_POSITION_SECONDS, { message: `seconds must be at most ${MAX_POSITION_SECONDS}` })
  @Min(0, { message: 'seconds must be 0 or more' })
  @IsInt({ message: 'seconds must be a whole number of seconds' })
  seconds: number;
}

export class CourseRatingDto {
  @ApiProperty({ minimum: 1, maximum: 5 })
  @Max(5, { message: 'stars must be between 1 and 5' })
  @Min(1, { message: 'stars must be between 1 and 5' })
  @IsInt({ message: 'stars must be a whole number between 1 and 5' })
  stars: number;
}

export class CourseReviewDto extends CourseRatingDto {
  @ApiPropertyOptional({ description: 'An optional short review (plain text, at most 1000 characters); an empty text removes it', maxLength: 1000 })
  @IsOptional()
  @MaxLength(1000, { message: 'The review must be at most 1000 characters' })
  @IsString({ message: 'The review must be text' })
  review?: string;
}

export class ReviewVisibilityDto {
  @ApiProperty({ description: 'Hide the review text from learners (the stars keep counting)' })
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden: boolean;
}
