import type { QuizDefinition } from './quiz.model';

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_CATEGORIES = ['Marketing', 'Traffic', 'Monetization', 'Analytics', 'Automation', 'Strategy', 'Finance', 'Psychology', 'General'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const LESSON_TYPES = ['video', 'text', 'pdf', 'quiz'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

/**
 * The course read model, the one shape every course query answers (public
 * catalogue, admin grid, exports): the courses row, its lesson counts, and
 * its students and rating derived on read from learning's enrollments and
 * ratings (never stored counters that drift).
 */
export interface CourseRow {
  id: number;
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: CourseCategory;
  status: CourseStatus;
  /** Decimal text, e.g. "197.00": never a float. */
  price: string;
  /** The planned number of lessons the admin enters ('lessons/totalLessons' on cards). */
  total_lessons: number;
  created_date: string;
  last_updated: string;
  /** Every lesson of the course. */
  lessons_count: number;
  published_lessons: number;
  students: number;
  rating: number;
  ratings_count: number;
  /** The course as sold (each enrolment at its price then), decimal text. */
  revenue: string;
  /** The console's reads: an author's draft differs from what is published. */
  has_draft?: boolean;
}

/** A lessons row. `content` is sanitised HTML (markdown is converted on write). */
export interface LessonRow {
  id: number;
  course_id: number;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  video_url: string | null;
  pdf_url: string | null;
  sort_order: number;
  published: boolean;
  /** Quiz lessons: the questions with their answers (never sent to learners). */
  quiz: QuizDefinition | null;
  /** Drip: the lesson opens this many days after the learner's purchase. */
  drip_days: number | null;
  /** Drip: the lesson opens at this moment. */
  available_from: Date | null;
}

/** A lesson as it will be stored, after validation and sanitising (lesson-input.ts). */
export interface LessonWrite {
  /** An existing lesson of this course, kept; null for a new one. */
  existingId: number | null;
  /** A new lesson's id when a draft already gave it one (null: the next id). */
  newId?: number | null;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  videoUrl: string | null;
  pdfUrl: string | null;
  order: number;
  published: boolean;
  quiz: QuizDefinition | null;
  dripDays: number | null;
  availableFrom: Date | null;
}

/** The course fields an admin writes (validated). */
export interface CourseWrite {
  title?: string;
  description?: string;
  instructor?: string;
  thumbnail?: string;
  duration?: string;
  category?: CourseCategory;
  status?: CourseStatus;
  price?: number;
  totalLessons?: number;
}
