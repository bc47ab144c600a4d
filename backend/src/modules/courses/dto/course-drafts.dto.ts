import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { COURSE_CATEGORIES, COURSE_STATUSES, type CourseCategory, type CourseStatus } from '../course.model';
import { AdminLessonView } from './course-views.dto';

/** A course's editable content: its fields and lessons (a draft, a revision or what is published). */
export class CourseContentView {
  @ApiProperty()
  title: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  instructor: string;
  @ApiProperty()
  thumbnail: string;
  @ApiProperty()
  duration: string;
  @ApiProperty({ enum: COURSE_CATEGORIES, enumName: 'CourseCategory' })
  category: CourseCategory;
  @ApiProperty()
  price: number;
  @ApiProperty()
  totalLessons: number;
  @ApiProperty({ type: [AdminLessonView], description: 'In order; new lessons of a draft already have their ids' })
  lessons: AdminLessonView[];
}

export class FieldChangeView {
  @ApiProperty({ example: 'title' })
  field: string;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'The published value (text or number)' })
  before: string | number;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'The draft value (text or number)' })
  after: string | number;
}

export class TextDiffPartView {
  @ApiProperty({ enum: ['same', 'added', 'removed'] })
  op: 'same' | 'added' | 'removed';
  @ApiProperty()
  text: string;
}

export class LessonChangeView {
  @ApiProperty()
  lessonId: number;
  @ApiProperty()
  title: string;
  @ApiProperty({ enum: ['added', 'removed', 'changed', 'moved'], enumName: 'LessonChangeKind' })
  kind: 'added' | 'removed' | 'changed' | 'moved';
  @ApiProperty({ type: [String], description: 'The lesson fields that differ (order when it moved)' })
  fields: string[];
  @ApiProperty({ type: 'integer', nullable: true })
  fromOrder: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  toOrder: number | null;
  @ApiProperty({ type: [TextDiffPartView], nullable: true, description: 'A word-level diff of the lesson text, when it changed' })
  contentDiff: TextDiffPartView[] | null;
}

export class CourseChangesView {
  @ApiProperty()
  differs: boolean;
  @ApiProperty({ type: [FieldChangeView] })
  fields: FieldChangeView[];
  @ApiProperty({ type: [LessonChangeView] })
  lessons: LessonChangeView[];
}

export class PublishScheduleView {
  @ApiProperty()
  id: number;
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty({ type: [Number], nullable: true, description: 'Only these lessons; null: the whole draft' })
  lessonIds: number[] | null;
  @ApiProperty({ description: 'Course details published too' })
  details: boolean;
  @ApiProperty()
  notify: boolean;
  @ApiProperty({ type: String, nullable: true })
  createdBy: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class CourseDraftView {
  @ApiProperty()
  courseId: number;
  @ApiProperty({ enum: COURSE_STATUSES, enumName: 'CourseStatus' })
  status: CourseStatus;
  @ApiProperty({ description: 'false: the draft is the published course (nothing saved)' })
  hasDraft: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who saved the draft last (email)' })
  updatedBy: string | null;
  @ApiProperty({ type: CourseContentView })
  draft: CourseContentView;
  @ApiProperty({ type: CourseContentView })
  published: CourseContentView;
  @ApiProperty({ type: CourseChangesView, description: 'From the published course to the draft' })
  changes: CourseChangesView;
  @ApiProperty({ type: PublishScheduleView, nullable: true })
  schedule: PublishScheduleView | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The latest revision' })
  revision: number | null;
}

export class RevisionView {
  @ApiProperty()
  number: number;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, nullable: true })
  author: string | null;
  @ApiProperty({ enum: ['baseline', 'publish', 'schedule', 'direct'], enumName: 'RevisionSource' })
  source: 'baseline' | 'publish' | 'schedule' | 'direct';
  @ApiProperty()
  summary: string;
  @ApiProperty({ type: CourseChangesView })
  changes: CourseChangesView;
}

export class PublishResult {
  @ApiProperty({ type: RevisionView })
  revision: RevisionView;
  @ApiProperty({ type: CourseDraftView })
  draft: CourseDraftView;
}

export class PreviewLinkView {
  @ApiProperty({ example: '/preview/eyJjIjoxMn0.abc', description: 'The draft in the learner viewer (learner site path)' })
  url: string;
  @ApiProperty()
  token: string;
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

/** What to publish: the whole draft, or chosen lessons (and the course details when asked). */
export class PublishOptionsDto {
  @ApiPropertyOptional({ type: [Number], description: 'Only these lessons (added, changed, moved or removed ones); none: the whole draft' })
  @IsOptional()
  @ArrayMaxSize(500, { message: 'At most 500 lessons' })
  @IsInt({ each: true, message: 'Lesson ids must be whole numbers' })
  @IsArray({ message: 'lessonIds must be a list' })
  @Type(() => Number)
  lessonIds?: number[];

  @ApiPropertyOptional({ description: 'With lessonIds: publish the course details too (title, description, price, ...)' })
  @IsOptional()
  @IsBoolean({ message: 'details must be true or false' })
  details?: boolean;

  @ApiPropertyOptional({ description: 'Tell enrolled learners what is new (bell and digest)' })
  @IsOptional()
  @IsBoolean({ message: 'notify must be true or false' })
  notify?: boolean;
}

export class ScheduleInputDto extends PublishOptionsDto {
  @ApiProperty({ example: '2026-12-01T09:00', description: "YYYY-MM-DDTHH:mm in the site's timezone, or an ISO date-time with an offset" })
  @MaxLength(40, { message: 'Choose a valid date and time' })
  @IsString({ message: 'Choose a valid date and time' })
  at: string;
}
