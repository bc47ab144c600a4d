import { randomBytes } from 'node:crypto';
import { CommonError } from '../../common/errors/common.error';
import type { FieldErrors } from '../../common/errors/domain-error';
import type { LessonWrite } from './course.model';
import type { LessonInputDto, QuizInputDto } from './dto/admin-course.dto';
import { toEmbedUrl, toSafeLessonHtml } from './lesson-content';
import type { QuizDefinition, QuizQuestion } from './quiz.model';

const SAFE_THUMBNAIL = /^(https:\/\/[^\s]+|\/media\/[\w./-]+)$/i;
const SAFE_PDF = /^(https:\/\/[^\s]+|\/media\/[\w./-]+\.pdf)$/i;

export const VIDEO_URL_MESSAGE = 'Video URL must be an https embed link from YouTube, Vimeo, Loom or Wistia';
export const PDF_URL_MESSAGE = 'PDF lessons need an uploaded PDF';
export const THUMBNAIL_MESSAGE = 'Thumbnail must be an https URL or an uploaded image';
export const QUIZ_REQUIRED_MESSAGE = 'A quiz lesson needs a quiz with at least one question';
export const ONE_DRIP_RULE_MESSAGE = 'Choose one release rule: days after purchase or a date, not both';

const ITEM_ID = /^[\w-]{1,40}$/;

/** A question or choice id: the one sent when it is well formed and not taken yet in this quiz, else a new random one. */
function itemId(given: unknown, taken: Set<string>): string {
  let id = typeof given === 'string' && ITEM_ID.test(given) && !taken.has(given) ? given : randomBytes(6).toString('base64url');
  while (taken.has(id)) id = randomBytes(6).toString('base64url');
  taken.add(id);
  return id;
}

/**
 * A quiz as stored: every question of its kind complete (single: two or more
 * choices, exactly one right; multiple: two or more, at least one right;
 * true/false: the answer; short: at least one accepted answer), stable ids
 * kept, problems reported on their fields (`lessons.2.quiz.questions.0.options`).
 */
export function prepareQuiz(input: QuizInputDto, field: string, errors: FieldErrors): QuizDefinition {
  const taken = new Set<string>();
  const questions = input.questions.map((q, j): QuizQuestion => {
    const at = `${field}.questions.${j}`;
    const question: QuizQuestion = {
      id: itemId(q.id, taken),
      kind: q.kind,
      prompt: q.prompt,
      options: [],
      answer: null,
      acceptedAnswers: [],
      explanation: q.explanation ?? '',
    };
    if (q.kind === 'single' || q.kind === 'multiple') {
      question.options = (q.options ?? []).map((o) => ({ id: itemId(o.id, taken), text: o.text, correct: o.correct === true }));
      const right = question.options.filter((o) => o.correct).length;
      if (question.options.length < 2) errors[`${at}.options`] = 'A choice question needs at least two choices';
      else if (q.kind === 'single' && right !== 1) errors[`${at}.options`] = 'Mark exactly one choice as correct';
      else if (q.kind === 'multiple' && right === 0) errors[`${at}.options`] = 'Mark at least one choice as correct';
    } else if (q.kind === 'true_false') {
      if (typeof q.answer !== 'boolean') errors[`${at}.answer`] = 'Choose whether the statement is true or false';
      question.answer = q.answer ?? null;
    } else {
      question.acceptedAnswers = [...new Set((q.acceptedAnswers ?? []).map((a) => a.trim()).filter(Boolean))];
      if (question.acceptedAnswers.length === 0) errors[`${at}.acceptedAnswers`] = 'Give at least one accepted answer';
    }
    return question;
  });
  return { passMark: input.passMark, attemptsAllowed: input.attemptsAllowed ?? 0, shuffle: input.shuffle ?? false, questions };
}

/** "2026-12-01" is the start of that day in UTC; a date and time is taken as given. */
function availableFromInput(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** A course thumbnail: empty, an https address or an uploaded image. */
export function thumbnailInput(value: string | undefined | null): string {
  const text = (value ?? '').trim();
  if (text !== '' && !SAFE_THUMBNAIL.test(text)) throw CommonError.field('thumbnail', THUMBNAIL_MESSAGE);
  return text;
}

/** `5`, `"5"` → 5; anything else is a new lesson. */
function lessonId(id: unknown): number | null {
  if (typeof id === 'number') return id;
  if (typeof id === 'string' && /^\d{1,10}$/.test(id)) return Number(id);
  return null;
}

/**
 * The lessons an admin sent, validated and sanitised: a video needs an
 * embeddable https address, a PDF lesson an uploaded PDF (or https), content
 * is sanitised HTML. An id keeps an existing lesson of this course (once);
 * any other id makes a new lesson. Every problem is reported on its field
 * (`lessons.2.videoUrl`), all at once.
 */
export function prepareLessons(input: readonly LessonInputDto[], existingIds: ReadonlySet<number>): LessonWrite[] {
  const errors: FieldErrors = {};
  const kept = new Set<number>();
  const lessons = input.map((lesson, i): LessonWrite => {
    const type = lesson.type ?? 'text';
    let videoUrl: string | null = null;
    let pdfUrl: string | null = null;
    if (type === 'video') {
      videoUrl = lesson.videoUrl ? toEmbedUrl(lesson.videoUrl) : null;
      if (!videoUrl) errors[`lessons.${i}.videoUrl`] = VIDEO_URL_MESSAGE;
    }
    if (type === 'pdf') {
      pdfUrl = lesson.pdfUrl?.trim() || null;
      if (!pdfUrl || !SAFE_PDF.test(pdfUrl)) errors[`lessons.${i}.pdfUrl`] = PDF_URL_MESSAGE;
    }
    let quiz: QuizDefinition | null = null;
    if (type === 'quiz') {
      if (!lesson.quiz) errors[`lessons.${i}.quiz`] = QUIZ_REQUIRED_MESSAGE;
      else quiz = prepareQuiz(lesson.quiz, `lessons.${i}.quiz`, errors);
    }
    const dripDays = lesson.dripDays ?? null;
    const availableFrom = lesson.availableFrom ? availableFromInput(lesson.availableFrom) : null;
    if (dripDays !== null && availableFrom !== null) errors[`lessons.${i}.dripDays`] = ONE_DRIP_RULE_MESSAGE;
    const id = lessonId(lesson.id);
    const existingId = id !== null && existingIds.has(id) && !kept.has(id) ? id : null;
    if (existingId !== null) kept.add(existingId);
    return {
      existingId,
      title: lesson.title,
      type,
      duration: lesson.duration,
      content: toSafeLessonHtml(lesson.content ?? ''),
      videoUrl,
      pdfUrl,
      order: lesson.order,
      published: lesson.published ?? lesson.isPublished ?? false,
      quiz,
      dripDays,
      availableFrom,
    };
  });
  if (Object.keys(errors).length > 0) throw CommonError.fields(errors);
  return lessons;
}

/** A new lesson order must name every lesson of the course exactly once. */
export function assertCompleteOrder(existing: readonly number[], given: readonly number[]): void {
  const a = [...existing].sort((x, y) => x - y);
  const b = [...given].sort((x, y) => x - y);
  if (new Set(given).size !== given.length || a.length !== b.length || a.some((id, i) => id !== b[i])) {
    throw CommonError.field('ids', 'ids must list every lesson of this course exactly once');
  }
}
