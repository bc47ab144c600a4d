import type { DataSource } from 'typeorm';
import type { CourseCategory, LessonWrite } from '../../src/modules/courses/course.model';
import type { QuizDefinition } from '../../src/modules/courses/quiz.model';
import { CoursesRepository } from '../../src/modules/courses/courses.repository';

let seq = 0;

export interface LessonSeed {
  title?: string;
  type?: 'video' | 'text' | 'pdf' | 'quiz';
  order?: number;
  published?: boolean;
  content?: string;
  videoUrl?: string | null;
  pdfUrl?: string | null;
  quiz?: QuizDefinition | null;
  dripDays?: number | null;
  availableFrom?: Date | null;
}

export interface CourseSeed {
  title?: string;
  status?: 'draft' | 'published' | 'archived';
  instructor?: string;
  category?: string;
  price?: string;
  lessons?: LessonSeed[];
}

export interface CreatedCourse {
  id: number;
  title: string;
  lessonIds: number[];
}

/** Inserts a course and its lessons directly, as an admin would have created them. */
export async function createCourse(db: DataSource, seed: CourseSeed = {}): Promise<CreatedCourse> {
  seq += 1;
  const title = seed.title ?? `Course ${seq}`;
  const courses = new CoursesRepository(db);
  const id = await courses.insert(db.manager, {
    title,
    description: `About ${title}`,
    instructor: seed.instructor ?? 'Test Instructor',
    thumbnail: '',
    duration: '1h 0m',
    category: (seed.category ?? 'Marketing') as CourseCategory,
    status: seed.status ?? 'published',
    price: Number(seed.price ?? '100.00'),
    totalLessons: seed.lessons?.length ?? 0,
  });
  const lessons = (seed.lessons ?? []).map(
    (lesson, i): LessonWrite => ({
      existingId: null,
      title: lesson.title ?? `Lesson ${i + 1}`,
      type: lesson.type ?? 'text',
      duration: '10 min',
      content: lesson.content ?? '<p>Content</p>',
      videoUrl: lesson.videoUrl ?? null,
      pdfUrl: lesson.pdfUrl ?? null,
      order: lesson.order ?? i + 1,
      published: lesson.published ?? true,
      quiz: lesson.quiz ?? null,
      dripDays: lesson.dripDays ?? null,
      availableFrom: lesson.availableFrom ?? null,
    }),
  );
  await courses.replaceLessons(db.manager, id, lessons, []);
  // Lessons are inserted in the given order, so their ids follow it.
  const lessonIds = (await courses.lessonsOf([id])).map((l) => l.id).sort((a, b) => a - b);
  return { id, title, lessonIds };
}

/** A quiz as the admin course API takes it (questions in the authoring shape). */
export interface QuizSeed {
  passMark: number;
  attemptsAllowed: number;
  shuffle: boolean;
  questions: Array<Record<string, unknown>>;
}

/** A single-choice question the quiz specs answer by option text: 'Google' is right, 'Excel' wrong. */
export const SEARCH_ENGINE_QUESTION = {
  kind: 'single',
  prompt: 'Which is a search engine?',
  options: [
    { text: 'Google', correct: true },
    { text: 'Excel', correct: false },
  ],
};

/** The body of POST /api/admin/courses for a published course: a text lesson ("Read this"), then a quiz lesson ("Check yourself"). */
export function quizCourseBody(quiz: QuizSeed, title = `Quiz course ${Math.random().toString(36).slice(2, 8)}`) {
  return {
    title,
    description: 'A lesson and its quiz',
    instructor: 'Dana Fox',
    duration: '1h',
    totalLessons: 2,
    category: 'Traffic',
    price: 50,
    status: 'published',
    lessons: [
      { title: 'Read this', duration: '5 min', order: 1, type: 'text', content: 'Text', published: true },
      { title: 'Check yourself', duration: '5 min', order: 2, type: 'quiz', published: true, quiz },
    ],
  };
}
