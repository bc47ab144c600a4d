/** Types generated for queries found in "backend/src/modules/learning/quiz.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'InsertAttempt' parameters type */
export interface IInsertAttemptParams {
  answers: Json;
  attemptNumber: number;
  courseId: number;
  lessonId: number;
  passed: boolean;
  passMark: number;
  quizVersion: number;
  results: Json;
  score: number;
  userId: string;
}

/** 'InsertAttempt' return type */
export interface IInsertAttemptResult {
  answers: Json;
  attempt_number: number;
  id: string;
  pass_mark: number;
  passed: boolean;
  quiz_version: number;
  results: Json;
  score: number;
  submitted_at: Date;
}

/** 'InsertAttempt' query type */
export interface IInsertAttemptQuery {
  params: IInsertAttemptParams;
  result: IInsertAttemptResult;
}

/** 'CurrentQuiz' parameters type */
export interface ICurrentQuizParams {
  lessonId: number;
}

/** 'CurrentQuiz' return type */
export interface ICurrentQuizResult {
  quiz: Json | null;
  version: number;
}

/** 'CurrentQuiz' query type */
export interface ICurrentQuizQuery {
  params: ICurrentQuizParams;
  result: ICurrentQuizResult;
}

/** 'CountAttempts' parameters type */
export interface ICountAttemptsParams {
  lessonId: number;
  quizVersion: number;
  userId: string;
}

/** 'CountAttempts' return type */
export interface ICountAttemptsResult {
  of_version: number;
  total: number;
}

/** 'CountAttempts' query type */
export interface ICountAttemptsQuery {
  params: ICountAttemptsParams;
  result: ICountAttemptsResult;
}

/** 'HasPassed' parameters type */
export interface IHasPassedParams {
  lessonId: number;
  userId: string;
}

/** 'HasPassed' return type */
export interface IHasPassedResult {
  found: number | null;
}

/** 'HasPassed' query type */
export interface IHasPassedQuery {
  params: IHasPassedParams;
  result: IHasPassedResult;
}

/** 'LatestAttempt' parameters type */
export interface ILatestAttemptParams {
  lessonId: number;
  userId: string;
}

/** 'LatestAttempt' return type */
export interface ILatestAttemptResult {
  answers: Json;
  attempt_number: number;
  id: string;
  pass_mark: number;
  passed: boolean;
  quiz: Json | null;
  quiz_version: number;
  results: Json;
  score: number;
  submitted_at: Date;
}

/** 'LatestAttempt' query type */
export interface ILatestAttemptQuery {
  params: ILatestAttemptParams;
  result: ILatestAttemptResult;
}

/** 'Standings' parameters type */
export interface IStandingsParams {
  courseId: number;
  userId: string;
}

/** 'Standings' return type */
export interface IStandingsResult {
  attempts: number;
  best_score: number | null;
  lesson_id: number;
  passed: boolean;
}

/** 'Standings' query type */
export interface IStandingsQuery {
  params: IStandingsParams;
  result: IStandingsResult;
}

/** 'LessonTotals' parameters type */
export interface ILessonTotalsParams {
  lessonId: number;
  quizVersion: number;
}

/** 'LessonTotals' return type */
export interface ILessonTotalsResult {
  attempts: number;
  average_score: number | null;
  learners: number;
  passed_learners: number;
  passes: number;
}

/** 'LessonTotals' query type */
export interface ILessonTotalsQuery {
  params: ILessonTotalsParams;
  result: ILessonTotalsResult;
}

/** 'QuestionTotals' parameters type */
export interface IQuestionTotalsParams {
  lessonId: number;
  quizVersion: number;
}

/** 'QuestionTotals' return type */
export interface IQuestionTotalsResult {
  asked: number;
  correct: number;
  question_id: string;
}

/** 'QuestionTotals' query type */
export interface IQuestionTotalsQuery {
  params: IQuestionTotalsParams;
  result: IQuestionTotalsResult;
}

/** 'OptionPicks' parameters type */
export interface IOptionPicksParams {
  lessonId: number;
  quizVersion: number;
}

/** 'OptionPicks' return type */
export interface IOptionPicksResult {
  option_id: string;
  picked: number;
  question_id: string;
}

/** 'OptionPicks' query type */
export interface IOptionPicksQuery {
  params: IOptionPicksParams;
  result: IOptionPicksResult;
}
