import { ApiProperty } from '@nestjs/swagger';
import { SuccessResult } from '../../../common/openapi/api-responses';
import { COURSE_CATEGORIES, COURSE_STATUSES, LESSON_TYPES, type CourseCategory, type CourseStatus, type LessonType } from '../course.model';
import { QUESTION_KINDS, type QuestionKind } from '../quiz.model';

export class AdminQuizOption {
  @ApiProperty({ example: 'k3J9xQ2a' })
  id: string;
  @ApiProperty()
  text: string;
  @ApiProperty()
  correct: boolean;
}

/** A quiz question with its answer, as the course editor edits it. */
export class AdminQuizQuestion {
  @ApiProperty({ example: 'Qm4tR8sL' })
  id: string;
  @ApiProperty({ enum: QUESTION_KINDS, enumName: 'QuestionKind' })
  kind: QuestionKind;
  @ApiProperty()
  prompt: string;
  @ApiProperty({ type: [AdminQuizOption], description: 'single and multiple: the choices' })
  options: AdminQuizOption[];
  @ApiProperty({ type: Boolean, nullable: true, description: 'true_false: the right answer' })
  answer: boolean | null;
  @ApiProperty({ type: [String], description: 'short: the answers accepted' })
  acceptedAnswers: string[];
  @ApiProperty()
  explanation: string;
}

export class AdminQuiz {
  @ApiProperty({ minimum: 1, maximum: 100 })
  passMark: number;
  @ApiProperty({ minimum: 0, description: '0 = unlimited' })
  attemptsAllowed: number;
  @ApiProperty()
  shuffle: boolean;
  @ApiProperty({ type: [AdminQuizQuestion] })
  questions: AdminQuizQuestion[];
}

/** A lesson as the admin console edits it. */
export class AdminLessonView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  courseId: number;
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
  @ApiProperty({ type: String, nullable: true, description: 'The /media address of the uploaded PDF' })
  pdfUrl: string | null;
  @ApiProperty({ minimum: 1 })
  order: number;
  @ApiProperty()
  published: boolean;
  @ApiProperty({ type: AdminQuiz, nullable: true, description: 'Quiz lessons: the quiz with its answers' })
  quiz: AdminQuiz | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Drip: opens this many days after the purchase' })
  dripDays: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Drip: opens at this moment' })
  availableFrom: string | null;
}

/** A course as the admin console lists and edits it, with its lessons and derived figures. */
export class AdminCourseView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  instructor: string;
  @ApiProperty()
  thumbnail: string;
  @ApiProperty({ example: '2h 30m' })
  duration: string;
  @ApiProperty({ enum: COURSE_CATEGORIES, enumName: 'CourseCategory' })
  category: CourseCategory;
  @ApiProperty({ enum: COURSE_STATUSES, enumName: 'CourseStatus' })
  status: CourseStatus;
  @ApiProperty({ example: 197 })
  price: number;
  @ApiProperty({ description: 'The planned number of lessons' })
  totalLessons: number;
  @ApiProperty({ description: 'Lessons created so far' })
  lessonsCount: number;
  @ApiProperty({ description: 'Learners who opened the course' })
  students: number;
  @ApiProperty({ description: 'Average stars, 0 without ratings' })
  rating: number;
  @ApiProperty()
  ratingsCount: number;
  @ApiProperty({ description: 'The course as sold: each enrolment at the price it was made at (USD), as Analytics counts it' })
  revenue: number;
  @ApiProperty({ example: '2026-01-31' })
  createdDate: string;
  @ApiProperty({ example: '2026-01-31' })
  lastUpdated: string;
  @ApiProperty({ description: "An author's draft differs from what is published (GET /api/admin/courses/{id}/draft)" })
  hasDraft: boolean;
  @ApiProperty({ type: [AdminLessonView] })
  lessons: AdminLessonView[];
}

/** A published course as the catalogue shows it to anyone (the learning module adds the learner's own progress). */
export class CatalogueCourse {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  instructor: string;
  @ApiProperty()
  thumbnail: string;
  @ApiProperty({ example: '4h 30m' })
  duration: string;
  @ApiProperty({ example: 'Marketing' })
  category: string;
  @ApiProperty({ description: 'Published lessons' })
  lessonsCount: number;
  @ApiProperty()
  students: number;
  @ApiProperty({ description: 'Average stars, 0 without ratings' })
  rating: number;
  @ApiProperty()
  ratingsCount: number;
}

/** The summary tiles of the course list, for its filter. */
export class CourseSummary {
  @ApiProperty()
  totalCourses: number;
  @ApiProperty()
  totalStudents: number;
  @ApiProperty()
  avgRating: number;
  @ApiProperty()
  totalRevenue: number;
}

export class FilePreviewLink {
  @ApiProperty({
    description: 'A signed link to the file, valid for this admin session',
    example: '/api/courses/file-preview?u=...&v=1&exp=1767225600&sig=...&ref=%2Fmedia%2F3f2a.pdf',
  })
  url: string;
}

export class CourseSaved extends SuccessResult {
  @ApiProperty()
  course: AdminCourseView;
}
