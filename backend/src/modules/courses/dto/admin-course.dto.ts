import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { COURSE_CATEGORIES, COURSE_STATUSES, type CourseCategory, type CourseStatus } from '../entities/course.entity';
import { LESSON_TYPES, type LessonType } from '../entities/lesson.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Numbers typed into forms arrive as text too ("12", "197.00"). */
const numeric = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value);

export const MAX_LESSONS_PER_COURSE = 500;
export const MAX_CONTENT_CHARS = 200_000;

/** One lesson as the admin dialog and the course edit page send it; read-only learner fields are ignored. */
export class LessonInputDto {
  @ApiPropertyOptional({ description: 'An existing lesson of this course; any other value makes a new lesson' })
  @Allow()
  id?: unknown;

  @Allow() courseId?: unknown;
  @Allow() completed?: unknown;
  @Allow() positionSeconds?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(200, { message: 'Lesson title must be at most 200 characters' })
  @IsString({ message: 'Lesson title is required' })
  @IsNotEmpty({ message: 'Lesson title is required' })
  title: string;

  @ApiProperty({ example: '10 min' })
  @Transform(trim)
  @MaxLength(40, { message: 'Duration must be at most 40 characters' })
  @IsString({ message: 'Duration is required' })
  @IsNotEmpty({ message: 'Duration is required' })
  duration: string;

  @ApiProperty({ minimum: 1 })
  @Transform(numeric)
  @Max(100000, { message: 'Order must be at most 100000' })
  @Min(1, { message: 'Order must be 1 or more' })
  @IsInt({ message: 'Order is required and must be a whole number' })
  order: number;

  @ApiPropertyOptional({ enum: LESSON_TYPES, default: 'text' })
  @IsOptional()
  @IsIn(LESSON_TYPES, { message: `Lesson type must be one of ${LESSON_TYPES.join(', ')}` })
  type?: LessonType;

  @ApiPropertyOptional({ description: 'HTML or markdown; sanitised on save' })
  @IsOptional()
  @MaxLength(MAX_CONTENT_CHARS, { message: `Content must be at most ${MAX_CONTENT_CHARS} characters` })
  @IsString({ message: 'Content must be text' })
  content?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'Video URL must be at most 1000 characters' })
  @IsString({ message: 'Video URL must be text' })
  videoUrl?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'PDF URL must be at most 1000 characters' })
  @IsString({ message: 'PDF URL must be text' })
  pdfUrl?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  published?: boolean;

  @ApiPropertyOptional({ description: "The admin dialog's name for published" })
  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  isPublished?: boolean;
}

/** The course form (create and whole-record update); read-only fields of a record sent back are ignored. */
export class CourseInputDto {
  @Allow() id?: unknown;
  @Allow() lessonsCount?: unknown;
  @Allow() students?: unknown;
  @Allow() rating?: unknown;
  @Allow() revenue?: unknown;
  @Allow() createdDate?: unknown;
  @Allow() lastUpdated?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;
  @Allow() progress?: unknown;
  @Allow() completedLessons?: unknown;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: 'Title is required' })
  @IsNotEmpty({ message: 'Title is required' })
  title: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(5000, { message: 'Description must be at most 5000 characters' })
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  description: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(120, { message: 'Instructor must be at most 120 characters' })
  @IsString({ message: 'Instructor is required' })
  @IsNotEmpty({ message: 'Instructor is required' })
  instructor: string;

  @ApiProperty({ example: '2h 30m' })
  @Transform(trim)
  @MaxLength(40, { message: 'Duration must be at most 40 characters' })
  @IsString({ message: 'Duration is required' })
  @IsNotEmpty({ message: 'Duration is required' })
  duration: string;

  @ApiProperty({ minimum: 0, description: 'Planned number of lessons' })
  @Transform(numeric)
  @Max(10000, { message: 'Total lessons must be at most 10000' })
  @Min(0, { message: 'Total lessons must be 0 or more' })
  @IsInt({ message: 'Total lessons is required and must be a whole number' })
  totalLessons: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @MaxLength(1000, { message: 'Thumbnail URL must be at most 1000 characters' })
  @IsString({ message: 'Thumbnail must be a URL' })
  thumbnail?: string;

  @ApiPropertyOptional({ enum: COURSE_CATEGORIES, default: 'Marketing' })
  @IsOptional()
  @IsIn(COURSE_CATEGORIES, { message: `Category must be one of ${COURSE_CATEGORIES.join(', ')}` })
  category?: CourseCategory;

  @ApiPropertyOptional({ enum: COURSE_STATUSES, default: 'draft' })
  @IsOptional()
  @IsIn(COURSE_STATUSES, { message: `Status must be one of ${COURSE_STATUSES.join(', ')}` })
  status?: CourseStatus;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @Transform(numeric)
  @Max(99999999, { message: 'Price must be at most 99999999' })
  @Min(0, { message: 'Price must be 0 or more' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'Price must be a number with at most 2 decimals' })
  price?: number;

  @ApiPropertyOptional({ type: [LessonInputDto], description: "When present, the course's whole lesson list: missing lessons are deleted" })
  @IsOptional()
  @ArrayMaxSize(MAX_LESSONS_PER_COURSE, { message: `A course holds at most ${MAX_LESSONS_PER_COURSE} lessons` })
  @IsArray({ message: 'Lessons must be a list' })
  @ValidateNested()
  @Type(() => LessonInputDto)
  lessons?: LessonInputDto[];
}

/** Update: the whole record, or only some fields (bulk status changes). */
export class CoursePatchDto extends PartialType(CourseInputDto) {}

/** The course edit page's Save Course and autosave (`POST /api/courses/{id}`). */
export class CourseSaveDto extends PartialType(CourseInputDto) {
  @Allow() hasAccess?: unknown;
  @Allow() lastLessonId?: unknown;
  @Allow() myRating?: unknown;
}

export class LessonOrderDto {
  @ApiProperty({ type: [Number], description: "Every lesson id of the course, in the new order" })
  @ArrayMaxSize(MAX_LESSONS_PER_COURSE)
  @IsInt({ each: true, message: 'ids must be lesson ids' })
  @IsArray({ message: 'ids must be a list of lesson ids' })
  ids: number[];
}
