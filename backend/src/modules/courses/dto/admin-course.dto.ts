import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  ArrayMinSize,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { COURSE_CATEGORIES, COURSE_STATUSES, LESSON_TYPES, type CourseCategory, type CourseStatus, type LessonType } from '../course.model';
import { QUESTION_KINDS, type QuestionKind } from '../quiz.model';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Numbers typed into forms arrive as text too ("12", "197.00"). */
const numeric = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value);
/** An optional field a form clears to an empty text: no value. */
const blankIsNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const MAX_LESSONS_PER_COURSE = 500;
export const MAX_CONTENT_CHARS = 200_000;

export const MAX_QUIZ_QUESTIONS = 100;
export const MAX_QUIZ_OPTIONS = 10;

/** A choice of a single or multiple choice question. */
export class QuizOptionInputDto {
  @ApiPropertyOptional({ type: String, description: 'Kept when it names a choice of this question; a new id otherwise' })
  @Allow()
  id?: unknown;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(500, { message: 'A choice must be at most 500 characters' })
  @IsString({ message: 'A choice needs a text' })
  @IsNotEmpty({ message: 'A choice needs a text' })
  text: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Correct must be true or false' })
  correct?: boolean;
}

/** One quiz question with its answer and explanation. */
export class QuizQuestionInputDto {
  @ApiPropertyOptional({ type: String, description: 'Kept when it names a question of this quiz (its statistics continue); a new id otherwise' })
  @Allow()
  id?: unknown;

  @ApiProperty({ enum: QUESTION_KINDS, enumName: 'QuestionKind' })
  @IsIn(QUESTION_KINDS, { message: `Question type must be one of ${QUESTION_KINDS.join(', ')}` })
  kind: QuestionKind;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(2000, { message: 'A question must be at most 2000 characters' })
  @IsString({ message: 'The question is required' })
  @IsNotEmpty({ message: 'The question is required' })
  prompt: string;

  @ApiPropertyOptional({ type: [QuizOptionInputDto], description: 'single and multiple: the choices, the right ones marked correct' })
  @IsOptional()
  @ArrayMaxSize(MAX_QUIZ_OPTIONS, { message: `A question has at most ${MAX_QUIZ_OPTIONS} choices` })
  @IsArray({ message: 'Choices must be a list' })
  @ValidateNested()
  @Type(() => QuizOptionInputDto)
  options?: QuizOptionInputDto[];

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'true_false: the right answer' })
  @IsOptional()
  @IsBoolean({ message: 'The answer must be true or false' })
  answer?: boolean | null;

  @ApiPropertyOptional({ type: [String], description: 'short: the answers accepted (case, accents and spaces do not matter)' })
  @IsOptional()
  @ArrayMaxSize(10, { message: 'At most 10 accepted answers' })
  @MaxLength(200, { each: true, message: 'An accepted answer must be at most 200 characters' })
  @IsString({ each: true, message: 'Accepted answers must be text' })
  @IsArray({ message: 'Accepted answers must be a list' })
  acceptedAnswers?: string[];

  @ApiPropertyOptional({ description: 'Shown with the result after a submission' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(2000, { message: 'An explanation must be at most 2000 characters' })
  @IsString({ message: 'The explanation must be text' })
  explanation?: string;
}

/** A quiz lesson's quiz. */
export class QuizInputDto {
  @ApiProperty({ minimum: 1, maximum: 100, description: 'Percent of the questions to answer right to pass' })
  @Transform(numeric)
  @Max(100, { message: 'Pass mark must be at most 100%' })
  @Min(1, { message: 'Pass mark must be at least 1%' })
  @IsInt({ message: 'Pass mark is required and must be a whole number' })
  passMark: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 0, description: 'Submissions a learner may make; 0 = unlimited' })
  @IsOptional()
  @Transform(numeric)
  @Max(100, { message: 'Attempts allowed must be at most 100' })
  @Min(0, { message: 'Attempts allowed must be 0 (unlimited) or more' })
  @IsInt({ message: 'Attempts allowed must be a whole number' })
  attemptsAllowed?: number;

  @ApiPropertyOptional({ default: false, description: 'Questions and choices in a new order for every attempt' })
  @IsOptional()
  @IsBoolean({ message: 'Shuffle must be true or false' })
  shuffle?: boolean;

  @ApiProperty({ type: [QuizQuestionInputDto] })
  @ArrayMaxSize(MAX_QUIZ_QUESTIONS, { message: `A quiz has at most ${MAX_QUIZ_QUESTIONS} questions` })
  @ArrayMinSize(1, { message: 'A quiz needs at least one question' })
  @IsArray({ message: 'Questions must be a list' })
  @ValidateNested()
  @Type(() => QuizQuestionInputDto)
  questions: QuizQuestionInputDto[];
}

/** One lesson as the admin dialog and the course edit page send it; read-only learner fields are ignored. */
export class LessonInputDto {
  @ApiPropertyOptional({ type: 'integer', description: 'An existing lesson of this course; any other value makes a new lesson' })
  @Allow()
  id?: unknown;

  @Allow() courseId?: unknown;
  @Allow() completed?: unknown;
  @Allow() positionSeconds?: unknown;
  @Allow() locked?: unknown;
  @Allow() opensAt?: unknown;
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

  @ApiPropertyOptional({ type: String, nullable: true, description: 'An https embed from an allow-listed video host' })
  @IsOptional()
  @MaxLength(1000, { message: 'Video URL must be at most 1000 characters' })
  @IsString({ message: 'Video URL must be text' })
  videoUrl?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The /media address of an uploaded PDF' })
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

  @ApiPropertyOptional({ type: QuizInputDto, nullable: true, description: 'Quiz lessons: the quiz (ignored for other types)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => QuizInputDto)
  quiz?: QuizInputDto | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: 3650, description: 'Drip: the lesson opens this many days after the purchase' })
  @IsOptional()
  @Transform((params) => numeric({ value: blankIsNull(params) }))
  @Max(3650, { message: 'Days after purchase must be at most 3650' })
  @Min(1, { message: 'Days after purchase must be at least 1' })
  @IsInt({ message: 'Days after purchase must be a whole number' })
  dripDays?: number | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Drip: the lesson opens at this moment (a date means its start, UTC)',
  })
  @IsOptional()
  @Transform(blankIsNull)
  @IsDateString({ strict: true }, { message: 'Available from must be a date (YYYY-MM-DD) or a date and time' })
  availableFrom?: string | null;
}

/** The course form (create and whole-record update); read-only fields of a record sent back are ignored. */
export class CourseInputDto {
  @Allow() id?: unknown;
  @Allow() lessonsCount?: unknown;
  @Allow() students?: unknown;
  @Allow() rating?: unknown;
  @Allow() ratingsCount?: unknown;
  @Allow() revenue?: unknown;
  @Allow() createdDate?: unknown;
  @Allow() lastUpdated?: unknown;
  @Allow() hasDraft?: unknown;
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
  @ApiProperty({ type: [Number], description: 'Every lesson id of the course, in the new order' })
  @ArrayMaxSize(MAX_LESSONS_PER_COURSE)
  @IsInt({ each: true, message: 'ids must be lesson ids' })
  @IsArray({ message: 'ids must be a list of lesson ids' })
  ids: number[];
}
