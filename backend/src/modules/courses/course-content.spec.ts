import { compareContent, partialContent, plainText, summarise, textDiff, type CourseContent } from './course-content';
import { momentInZone } from './zoned-time';

const lesson = (id: number, order: number, title: string, content = `<p>${title}</p>`) => ({
  id,
  courseId: 1,
  title,
  type: 'text' as const,
  duration: '5 min',
  content,
  videoUrl: null,
  pdfUrl: null,
  order,
  published: true,
  quiz: null,
  dripDays: null,
  availableFrom: null,
});

const course = (lessons: CourseContent['lessons'], over: Partial<CourseContent> = {}): CourseContent => ({
  title: 'Course',
  description: '',
  instructor: 'Ann',
  thumbnail: '',
  duration: '1h',
  category: 'Marketing',
  price: 10,
  totalLessons: 3,
  lessons,
  ...over,
});

describe('course content changes', () => {
  it('diffs lesson text word by word, keeping the common head and tail', () => {
    expect(textDiff('the old welcome text', 'the new welcome text')).toEqual([
      { op: 'same', text: 'the ' },
      { op: 'removed', text: 'old' },
      { op: 'added', text: 'new' },
      { op: 'same', text: ' welcome text' },
    ]);
    expect(textDiff('same', 'same')).toEqual([{ op: 'same', text: 'same' }]);
    expect(textDiff('', 'all new')).toEqual([{ op: 'added', text: 'all new' }]);
  });

  it('reads lesson HTML as text', () => {
    expect(plainText('<h2>Title</h2><p>A &amp; B</p><ul><li>one</li><li>two</li></ul>')).toBe('Title\nA & B\none\ntwo');
  });

  it('names added, removed, changed and moved lessons and changed course fields', () => {
    const before = course([lesson(1, 1, 'A'), lesson(2, 2, 'B'), lesson(3, 3, 'C')]);
    const after = course([lesson(2, 1, 'B'), lesson(1, 2, 'A', '<p>A2</p>'), lesson(4, 3, 'D')], { price: 20 });
    const changes = compareContent(before, after);
    expect(changes.fields).toEqual([{ field: 'price', before: 10, after: 20 }]);
    expect(changes.lessons.map((l) => [l.lessonId, l.kind, l.fields])).toEqual([
      [2, 'moved', ['order']],
      [1, 'changed', ['content', 'order']],
      [4, 'added', []],
      [3, 'removed', []],
    ]);
    expect(summarise(changes)).toBe('Course details (price); added lesson "D"; changed lesson "A"; removed lesson "C"; moved lesson "B"');
    expect(compareContent(before, before)).toEqual({ differs: false, fields: [], lessons: [] });
  });

  it('publishes only the chosen lessons: others keep their published version, orders stay complete', () => {
    const published = course([lesson(1, 1, 'A'), lesson(2, 2, 'B')]);
    const draft = course([lesson(1, 1, 'A', '<p>A2</p>'), lesson(3, 2, 'New'), lesson(2, 3, 'B', '<p>B2</p>')], { title: 'Renamed' });
    const partial = partialContent(published, draft, new Set([3]), false);
    expect(partial.title).toBe('Course');
    expect(partial.lessons.map((l) => [l.id, l.order, l.content])).toEqual([
      [1, 1, '<p>A</p>'],
      [2, 2, '<p>B</p>'],
      [3, 3, '<p>New</p>'],
    ]);
    const removing = partialContent(published, course([lesson(2, 1, 'B')]), new Set([1]), true);
    expect(removing.lessons.map((l) => [l.id, l.order])).toEqual([[2, 1]]);
  });
});

describe('scheduled times in the site timezone', () => {
  it('reads a wall-clock time in the zone, and an ISO time with an offset as given', () => {
    expect(momentInZone('2026-12-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(momentInZone('2026-07-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(momentInZone('2026-12-01T09:00', 'America/New_York')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(momentInZone('2026-12-01T09:00:00Z', 'Europe/Paris')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(momentInZone('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(momentInZone('tomorrow', 'UTC')).toBeNull();
  });
});
