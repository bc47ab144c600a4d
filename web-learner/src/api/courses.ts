import { api } from './client';
import type { Course, CourseSummary, LearnerQuiz, LessonPost, LessonQuestion, QuizAnswer, QuizSubmission } from './types';

export const fetchCourses = (): Promise<CourseSummary[]> => api('get', '/api/courses').then((r) => r.courses);

export const fetchCourse = (courseId: number): Promise<Course> => api('get', '/api/courses/{courseId}', { path: { courseId } }).then((r) => r.course);

export const setLessonCompleted = (courseId: number, lessonId: number, completed: boolean) =>
  api(completed ? 'post' : 'delete', '/api/courses/{courseId}/lessons/{lessonId}/complete', { path: { courseId, lessonId } });

export const saveLessonPosition = (courseId: number, lessonId: number, seconds: number) =>
  api('put', '/api/courses/{courseId}/lessons/{lessonId}/position', { path: { courseId, lessonId }, body: { seconds } });

export const rateCourse = (courseId: number, stars: number, review?: string) =>
  api('put', '/api/courses/{courseId}/rating', { path: { courseId }, body: review === undefined ? { stars } : { stars, review } });

export const fetchReviews = (courseId: number) => api('get', '/api/courses/{courseId}/reviews', { path: { courseId } }).then((r) => r.reviews);

export const fetchNextStep = () => api('get', '/api/learning/next').then((r) => r.next);

/** A quiz lesson's questions (without their answers), rules and the learner's latest result. */
export const fetchQuiz = (courseId: number, lessonId: number): Promise<LearnerQuiz> =>
  api('get', '/api/courses/{courseId}/lessons/{lessonId}/quiz', { path: { courseId, lessonId } });

/** Submits answers: graded on the server; a pass completes the lesson. */
/** Answers to the quiz version the learner was shown: a quiz changed meanwhile is refused (QUIZ_CHANGED), never graded as a mix. */
export const submitQuiz = (courseId: number, lessonId: number, answers: QuizAnswer[], quizVersion?: number): Promise<QuizSubmission> =>
  api('post', '/api/courses/{courseId}/lessons/{lessonId}/quiz/attempts', { path: { courseId, lessonId }, body: { answers, quizVersion } });

/** The questions under a lesson, each with its replies (the instructor's answers among them). */
export const fetchLessonQuestions = (courseId: number, lessonId: number): Promise<LessonQuestion[]> =>
  api('get', '/api/courses/{courseId}/lessons/{lessonId}/questions', { path: { courseId, lessonId } }).then((r) => r.questions ?? []);

/** Asks a question under a lesson, or replies to one (parentId). */
export const postLessonQuestion = (courseId: number, lessonId: number, input: { body: string; parentId?: string }): Promise<LessonPost> =>
  api('post', '/api/courses/{courseId}/lessons/{lessonId}/questions', { path: { courseId, lessonId }, body: input });
