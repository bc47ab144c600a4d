import type { Lesson } from '../../api';

/** A new lesson: 'New Lesson', text, '10 min', next order, unpublished. */
export function newLesson(lessons: Lesson[]): Lesson {
  return {
    title: 'New Lesson',
    type: 'text',
    duration: '10 min',
    content: '',
    videoUrl: null,
    pdfUrl: null,
    order: lessons.length + 1,
    published: false,
  };
}

export const byOrder = (lessons: Lesson[]) => [...lessons].sort((a, b) => a.order - b.order);

/** Orders 1..n in the given sequence. */
export const renumber = (lessons: Lesson[]) => lessons.map((lesson, i) => ({ ...lesson, order: i + 1 }));

/** Moves the lesson at `from` to position `to` (both indexes in display order) and renumbers. */
export function move(lessons: Lesson[], from: number, to: number): Lesson[] {
  return moveInSequence(byOrder(lessons), from, to);
}

function moveInSequence(sequence: Lesson[], from: number, to: number): Lesson[] {
  const list = [...sequence];
  const [moved] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(to, list.length)), 0, moved);
  return renumber(list);
}

/**
 * Saves `lesson` in place of the one at display index `index` (or appends it when
 * index is null), then honours its order field: it moves to that position.
 */
export function upsert(lessons: Lesson[], lesson: Lesson, index: number | null): Lesson[] {
  const list = byOrder(lessons);
  if (index === null) list.push(lesson);
  else list[index] = lesson;
  const from = index === null ? list.length - 1 : index;
  return moveInSequence(list, from, Math.max(1, lesson.order) - 1);
}

export function remove(lessons: Lesson[], index: number): Lesson[] {
  const list = byOrder(lessons);
  list.splice(index, 1);
  return renumber(list);
}

/** Order: a whole number of at least 1; anything else becomes 1. */
export function parseOrder(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

export const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
