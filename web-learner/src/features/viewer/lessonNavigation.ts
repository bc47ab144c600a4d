import type { Lesson } from '../../api/types';

export interface LessonNavigation {
  current: Lesson | null;
  /** 1-based position of the current lesson, 0 when there are none. */
  position: number;
  total: number;
  previous: Lesson | null;
  next: Lesson | null;
}

/** Lessons the learner sees, in list order: a lesson is published unless it says false. */
export function visibleLessons(lessons: Lesson[]): Lesson[] {
  return lessons.filter((l) => l.published !== false);
}

/**
 * The viewer's rules: Previous and Next move to the neighbouring lesson in
 * list order and do not exist at the first and last lesson; a missing lesson
 * falls back to the first.
 */
export function lessonNavigation(lessons: Lesson[], currentId: number | null): LessonNavigation {
  if (lessons.length === 0) return { current: null, position: 0, total: 0, previous: null, next: null };
  const found = lessons.findIndex((l) => l.id === currentId);
  const index = found === -1 ? 0 : found;
  return {
    current: lessons[index]!,
    position: index + 1,
    total: lessons.length,
    previous: lessons[index - 1] ?? null,
    next: lessons[index + 1] ?? null,
  };
}

/**
 * What "Up next" offers once a lesson is done: the first later lesson that is
 * open (a drip-locked one cannot be studied yet), or, when every later lesson
 * is still locked, the first of them, to say when it opens.
 */
export function upNext(lessons: Lesson[], currentId: number): { open: Lesson } | { locked: Lesson } | null {
  const later = lessons.slice(lessons.findIndex((l) => l.id === currentId) + 1);
  const open = later.find((l) => !l.locked);
  if (open) return { open };
  return later.length > 0 ? { locked: later[0]! } : null;
}

/**
 * When a lesson opens to a learner who buys now, if that is still to come
 * (drip): a preview shows such a lesson, saying when learners get it.
 */
export function upcomingOpening(lesson: Lesson, now: number): string | null {
  return lesson.opensAt && Date.parse(lesson.opensAt) > now ? lesson.opensAt : null;
}

export function courseProgress(lessons: Lesson[]): { completed: number; total: number; percent: number } {
  const completed = lessons.filter((l) => l.completed).length;
  return { completed, total: lessons.length, percent: lessons.length === 0 ? 0 : Math.round((completed / lessons.length) * 100) };
}

export const LESSON_GROUPS = [
  { type: 'video', title: 'Video Lessons' },
  { type: 'text', title: 'Text Lessons' },
  { type: 'pdf', title: 'PDF Lessons' },
  { type: 'quiz', title: 'Quizzes' },
] as const;
