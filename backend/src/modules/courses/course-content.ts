import type { CourseCategory } from './course.model';
import type { AdminCourseView, AdminLessonView } from './dto/course-views.dto';

/**
 * A course's editable content: what a draft holds, what a revision keeps and
 * what a publish writes to the courses and lessons rows learners read.
 * Lessons are in the admin shape (answers included), already validated and
 * sanitised; their ids are real lesson ids (a draft's new lessons get theirs
 * when the draft is saved).
 */
export interface CourseContent {
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: CourseCategory;
  price: number;
  totalLessons: number;
  lessons: AdminLessonView[];
}

export const CONTENT_FIELDS = ['title', 'description', 'instructor', 'thumbnail', 'duration', 'category', 'price', 'totalLessons'] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

export const LESSON_FIELDS = ['title', 'type', 'duration', 'content', 'videoUrl', 'pdfUrl', 'published', 'quiz', 'dripDays', 'availableFrom'] as const;
export type LessonField = (typeof LESSON_FIELDS)[number] | 'order';

export interface FieldChange {
  field: ContentField;
  before: string | number;
  after: string | number;
}

export interface TextDiffPart {
  op: 'same' | 'added' | 'removed';
  text: string;
}

export type LessonChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface LessonChange {
  lessonId: number;
  title: string;
  kind: LessonChangeKind;
  fields: LessonField[];
  fromOrder: number | null;
  toOrder: number | null;
  contentDiff: TextDiffPart[] | null;
}

export interface CourseChanges {
  differs: boolean;
  fields: FieldChange[];
  lessons: LessonChange[];
}

/** The content of a course as the console reads it (the published version). */
export function contentOf(view: AdminCourseView): CourseContent {
  return {
    title: view.title,
    description: view.description,
    instructor: view.instructor,
    thumbnail: view.thumbnail,
    duration: view.duration,
    category: view.category,
    price: view.price,
    totalLessons: view.totalLessons,
    lessons: [...view.lessons].sort((a, b) => a.order - b.order || a.id - b.id).map((l) => ({ ...l, courseId: l.courseId })),
  };
}

/** Stable JSON of a value (object keys sorted), so two equal quizzes compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function same(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

/** Lesson content as readable text: HTML tags dropped, entities of the sanitiser decoded, blocks on their own lines. */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Word-level diff cells above which the diff falls back to "removed all, added all" (a 200 KB lesson stays cheap). */
const MAX_DIFF_CELLS = 4_000_000;

/** A readable word-level diff of two texts (longest common subsequence of words and spaces). */
export function textDiff(before: string, after: string): TextDiffPart[] {
  const a = before.match(/\s+|[^\s]+/g) ?? [];
  const b = after.match(/\s+|[^\s]+/g) ?? [];
  // Common head and tail first: an edit in the middle of a long lesson compares only the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const parts: TextDiffPart[] = [];
  const push = (op: TextDiffPart['op'], text: string) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.op === op) last.text += text;
    else parts.push({ op, text });
  };
  push('same', a.slice(0, head).join(''));
  if (midA.length * midB.length > MAX_DIFF_CELLS) {
    push('removed', midA.join(''));
    push('added', midB.join(''));
  } else {
    const n = midA.length;
    const m = midB.length;
    const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--) lcs[i][j] = midA[i] === midB[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push('same', midA[i]);
        i++;
        j++;
      } else if (lcs[i + 1][j] >= lcs[i][j + 1]) push('removed', midA[i++]);
      else push('added', midB[j++]);
    }
    while (i < n) push('removed', midA[i++]);
    while (j < m) push('added', midB[j++]);
  }
  push('same', a.slice(a.length - tail).join(''));
  return parts;
}

/** What changed from `before` (published) to `after` (draft): course fields, and lessons added, removed, changed or moved. */
export function compareContent(before: CourseContent, after: CourseContent): CourseChanges {
  const fields: FieldChange[] = CONTENT_FIELDS.filter((f) => !same(before[f], after[f])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
  const old = new Map(before.lessons.map((l) => [l.id, l]));
  const now = new Map(after.lessons.map((l) => [l.id, l]));
  const lessons: LessonChange[] = [];
  for (const l of after.lessons) {
    const was = old.get(l.id);
    if (!was) {
      lessons.push({ lessonId: l.id, title: l.title, kind: 'added', fields: [], fromOrder: null, toOrder: l.order, contentDiff: null });
      continue;
    }
    const changed: LessonField[] = LESSON_FIELDS.filter((f) => !same(was[f], l[f]));
    const moved = was.order !== l.order;
    if (changed.length === 0 && !moved) continue;
    lessons.push({
      lessonId: l.id,
      title: l.title,
      kind: changed.length > 0 ? 'changed' : 'moved',
      fields: moved ? [...changed, 'order'] : changed,
      fromOrder: was.order,
      toOrder: l.order,
      contentDiff: changed.includes('content') ? textDiff(plainText(was.content), plainText(l.content)) : null,
    });
  }
  for (const l of before.lessons) {
    if (!now.has(l.id)) lessons.push({ lessonId: l.id, title: l.title, kind: 'removed', fields: [], fromOrder: l.order, toOrder: null, contentDiff: null });
  }
  return { differs: fields.length > 0 || lessons.length > 0, fields, lessons };
}

/** One line saying what a publish changed, for the history and the audit log. */
export function summarise(changes: CourseChanges): string {
  if (!changes.differs) return 'No changes';
  const parts: string[] = [];
  if (changes.fields.length > 0) parts.push(`course details (${changes.fields.map((f) => f.field).join(', ')})`);
  const named = (kind: LessonChangeKind, verb: string) => {
    const of = changes.lessons.filter((l) => l.kind === kind);
    if (of.length === 0) return;
    const titles = of.slice(0, 3).map((l) => `"${l.title}"`);
    parts.push(`${verb} ${of.length === 1 ? 'lesson' : `${of.length} lessons`} ${titles.join(', ')}${of.length > 3 ? ', …' : ''}`);
  };
  named('added', 'added');
  named('changed', 'changed');
  named('removed', 'removed');
  named('moved', 'moved');
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What a partial publish makes live: the published content with the chosen
 * lessons' changes from the draft (added, changed, moved or removed), and
 * the course fields when `details`. Lessons not chosen keep their published
 * version and place; the result is renumbered 1..n in the draft's order
 * where it can be, so orders stay complete.
 */
export function partialContent(published: CourseContent, draft: CourseContent, lessonIds: ReadonlySet<number>, details: boolean): CourseContent {
  const base: CourseContent = details ? { ...draft, lessons: published.lessons } : { ...published };
  const draftById = new Map(draft.lessons.map((l) => [l.id, l]));
  const kept = published.lessons.filter((l) => !(lessonIds.has(l.id) && !draftById.has(l.id))).map((l) => (lessonIds.has(l.id) ? draftById.get(l.id)! : l));
  const added = draft.lessons.filter((l) => lessonIds.has(l.id) && !published.lessons.some((p) => p.id === l.id));
  const lessons = [...kept, ...added]
    .map((l, i) => ({ l, key: l.order, i }))
    .sort((x, y) => x.key - y.key || x.i - y.i)
    .map(({ l }, i) => ({ ...l, order: i + 1 }));
  return { ...base, lessons };
}
