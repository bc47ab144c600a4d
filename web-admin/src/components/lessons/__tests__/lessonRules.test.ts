import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../../api';
import { move, newLesson, parseOrder, remove, upsert } from '../lessonRules';

const lesson = (id: number, order: number): Lesson => ({
  id,
  title: `L${id}`,
  type: 'text',
  duration: '5 min',
  content: '',
  videoUrl: null,
  pdfUrl: null,
  order,
  published: true,
});
const titles = (lessons: Lesson[]) => lessons.map((l) => `${l.order}:${l.title}`);

describe('lesson rules', () => {
  it("a new lesson is 'New Lesson', text, '10 min', next order, unpublished, without id", () => {
    expect(newLesson([lesson(1, 1), lesson(2, 2)])).toEqual({
      title: 'New Lesson',
      type: 'text',
      duration: '10 min',
      content: '',
      videoUrl: null,
      pdfUrl: null,
      order: 3,
      published: false,
    });
  });

  it('moving a lesson (drag and drop) renumbers 1..n in the new sequence', () => {
    expect(titles(move([lesson(1, 1), lesson(2, 2), lesson(3, 3)], 2, 0))).toEqual(['1:L3', '2:L1', '3:L2']);
  });

  it('saving a lesson with another order moves it there; appending keeps the rest in order', () => {
    const list = [lesson(1, 1), lesson(2, 2), lesson(3, 3)];
    expect(titles(upsert(list, { ...lesson(3, 1), title: 'L3*' }, 2))).toEqual(['1:L3*', '2:L1', '3:L2']);
    expect(titles(upsert(list, { ...newLesson(list), title: 'L4' }, null))).toEqual(['1:L1', '2:L2', '3:L3', '4:L4']);
    expect(titles(upsert(list, { ...lesson(1, 99) }, 0))).toEqual(['1:L2', '2:L3', '3:L1']);
  });

  it('deleting a lesson closes the gap', () => {
    expect(titles(remove([lesson(1, 1), lesson(2, 2), lesson(3, 3)], 1))).toEqual(['1:L1', '2:L3']);
  });

  it('an order below 1 or not a number becomes 1', () => {
    expect([parseOrder('0'), parseOrder('abc'), parseOrder('-3'), parseOrder('4'), parseOrder(2.7)]).toEqual([1, 1, 1, 4, 2]);
  });
});
