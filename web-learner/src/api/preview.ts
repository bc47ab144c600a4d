import { api } from './client';
import type { CoursePreview, LearnerQuiz, QuizAnswer, QuizSubmission } from './types';

/**
 * An author's preview of a course's draft, through the signed link the
 * console made (`/preview/{token}`): the token in the path is the only
 * authority (a session, if any, changes nothing), and nothing is recorded.
 */

/** The draft as the learner viewer shows a course (every lesson open, nothing completed), with when the link expires. */
export const fetchPreview = (token: string): Promise<CoursePreview> =>
  api('get', '/api/preview/{token}', { path: { token } }).then(({ course, preview }) => ({ course, preview }));

/** A quiz lesson of the draft: its questions without their answers. */
export const fetchPreviewQuiz = (token: string, lessonId: number): Promise<LearnerQuiz> =>
  api('get', '/api/preview/{token}/lessons/{lessonId}/quiz', { path: { token, lessonId } });

/** Answers graded against the draft's quiz, right answers revealed; nothing is recorded. */
export const submitPreviewQuiz = (token: string, lessonId: number, answers: QuizAnswer[]): Promise<QuizSubmission> =>
  api('post', '/api/preview/{token}/lessons/{lessonId}/quiz', { path: { token, lessonId }, body: { answers } });
