import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { SuccessResult } from '../../../common/openapi/api-responses';
import { CatalogueCourse, LESSON_TYPES, type LessonType } from '../../courses';

/** A catalogue course with the signed-in learner's own progress (0 without a learner). */
export class CourseListItem extends CatalogueCourse {
  @ApiProperty({ description: 'Percent of the published lessons completed' })
  progress: number;
  @ApiProperty()
  completedLessons: number;
  @ApiProperty({ type: Number, nullable: true, description: "The learner's own stars" })
  myRating: number | null;
}

/** A quiz lesson's standing for the learner, in the course view. */
export class LessonQuizSummary {
  @ApiProperty()
  passMark: number;
  @ApiProperty()
  questionCount: number;
  @ApiProperty({ description: '0 = unlimited' })
  attemptsAllowed: number;
  @ApiProperty()
  attemptsUsed: number;
  @ApiProperty()
  passed: boolean;
  @ApiProperty({ type: Number, nullable: true })
  bestScore: number | null;
}

/** A lesson in full, for a learner with access (a lesson not released yet: locked, without its content). */
export class LessonView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty({ enum: LESSON_TYPES, enumName: 'LessonType' })
  type: LessonType;
  @ApiProperty({ example: '10 min' })
  duration: string;
  @ApiProperty({ description: 'Sanitised HTML' })
  content: string;
  @ApiProperty({ type: String, nullable: true })
  videoUrl: string | null;
  @ApiProperty({ type: String, nullable: true, description: "A signed link to the lesson's PDF" })
  pdfUrl: string | null;
  @ApiProperty()
  order: number;
  @ApiProperty()
  published: boolean;
  @ApiProperty()
  completed: boolean;
  @ApiProperty({ description: 'Where the video was left, in seconds' })
  positionSeconds: number;
  @ApiProperty({ description: 'Drip: not released to this learner yet (no content, video or file is sent)' })
  locked: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Drip: when the lesson opens (or opened) for this learner' })
  opensAt: string | null;
  @ApiProperty({
    type: LessonQuizSummary,
    nullable: true,
    description: "Quiz lessons: the pass mark and the learner's attempts (the questions come from the quiz route)",
  })
  quiz: LessonQuizSummary | null;
}

/** What anyone may see of a lesson: the course outline, never its content or file addresses. */
export class LessonOutline {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty({ enum: LESSON_TYPES, enumName: 'LessonType' })
  type: LessonType;
  @ApiProperty()
  duration: string;
  @ApiProperty()
  order: number;
}

@ApiExtraModels(LessonView, LessonOutline)
export class CourseView extends CourseListItem {
  @ApiProperty({ description: 'Lifetime access (or an administrator): the lessons come in full' })
  hasAccess: boolean;
  @ApiProperty({ type: String, nullable: true })
  myReview: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Where the learner left off' })
  lastLessonId: number | null;
  @ApiProperty({
    type: 'array',
    items: { anyOf: [{ $ref: getSchemaPath(LessonView) }, { $ref: getSchemaPath(LessonOutline) }] },
    description: 'Full lessons with access; otherwise the outline only',
  })
  lessons: LessonView[] | LessonOutline[];
}

export class CourseList {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({ type: [CourseListItem] })
  courses: CourseListItem[];
}

export class CourseDetail {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty()
  course: CourseView;
}

export class PublicReview {
  @ApiProperty({ example: 'Ana M.' })
  author: string;
  @ApiProperty({ minimum: 1, maximum: 5 })
  stars: number;
  @ApiProperty({ description: 'Plain text' })
  review: string;
  @ApiProperty({ format: 'date-time' })
  ratedAt: string;
}

export class CourseReviews {
  @ApiProperty({ type: [PublicReview] })
  reviews: PublicReview[];
}

export class CompletionAnswer extends SuccessResult {
  @ApiProperty()
  lessonId: number;
  @ApiProperty()
  completed: boolean;
  @ApiProperty()
  completedLessons: number;
  @ApiProperty()
  totalLessons: number;
  @ApiProperty({ description: 'Percent of the published lessons completed' })
  progress: number;
  @ApiProperty()
  courseCompleted: boolean;
}

export class PositionSaved extends SuccessResult {
  @ApiProperty()
  positionSeconds: number;
}

export class RatingAnswer extends SuccessResult {
  @ApiProperty({ description: "The course's new average" })
  rating: number;
  @ApiProperty()
  ratingsCount: number;
  @ApiProperty()
  myRating: number;
  @ApiProperty({ type: String, nullable: true })
  myReview: string | null;
}

export class NextStep {
  @ApiProperty()
  courseId: number;
  @ApiProperty()
  courseTitle: string;
  @ApiProperty()
  lessonId: number;
  @ApiProperty()
  lessonTitle: string;
  @ApiProperty()
  completedLessons: number;
  @ApiProperty()
  totalLessons: number;
}

export class NextStepAnswer {
  @ApiProperty({ type: NextStep, nullable: true, description: 'null when every opened course is finished' })
  next: NextStep | null;
}

/** A rating with its review, as the console moderates it. */
export class AdminReviewView {
  @ApiProperty({ example: '12_0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69', description: '`<courseId>_<userId>`' })
  id: string;
  @ApiProperty()
  courseId: number;
  @ApiProperty()
  courseTitle: string;
  @ApiProperty({ format: 'uuid' })
  userId: string;
  @ApiProperty()
  author: string;
  @ApiProperty({ minimum: 1, maximum: 5 })
  stars: number;
  @ApiProperty({ type: String, nullable: true })
  review: string | null;
  @ApiProperty({ description: 'The text is hidden from learners; the stars still count' })
  hidden: boolean;
  @ApiProperty({ format: 'date-time' })
  ratedAt: string;
}
