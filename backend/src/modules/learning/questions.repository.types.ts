/** Types generated for queries found in "backend/src/modules/learning/questions.repository.ts" */
export type NumberOrString = number | string;

/** 'InsertQuestion' parameters type */
export interface IInsertQuestionParams {
  body: string;
  byInstructor: boolean;
  courseId: number;
  lessonId: number;
  parentId?: NumberOrString | null | void;
  userId: string;
}

/** 'InsertQuestion' return type */
export interface IInsertQuestionResult {
  id: string;
}

/** 'InsertQuestion' query type */
export interface IInsertQuestionQuery {
  params: IInsertQuestionParams;
  result: IInsertQuestionResult;
}

/** 'QuestionById' parameters type */
export interface IQuestionByIdParams {
  id: NumberOrString;
}

/** 'QuestionById' return type */
export interface IQuestionByIdResult {
  /** Questions: when an instructor first replied (NULL: unanswered) */
  answered_at: Date | null;
  author: string | null;
  body: string;
  by_instructor: boolean;
  course_id: number;
  created_at: Date;
  hidden_at: Date | null;
  id: string;
  lesson_id: number;
  parent_id: string | null;
  user_id: string | null;
}

/** 'QuestionById' query type */
export interface IQuestionByIdQuery {
  params: IQuestionByIdParams;
  result: IQuestionByIdResult;
}

/** 'LockQuestion' parameters type */
export interface ILockQuestionParams {
  id: NumberOrString;
}

/** 'LockQuestion' return type */
export interface ILockQuestionResult {
  /** Questions: when an instructor first replied (NULL: unanswered) */
  answered_at: Date | null;
  id: string;
}

/** 'LockQuestion' query type */
export interface ILockQuestionQuery {
  params: ILockQuestionParams;
  result: ILockQuestionResult;
}

/** 'QuestionsOfLesson' parameters type */
export interface IQuestionsOfLessonParams {
  lessonId: number;
  withHidden: boolean;
}

/** 'QuestionsOfLesson' return type */
export interface IQuestionsOfLessonResult {
  /** Questions: when an instructor first replied (NULL: unanswered) */
  answered_at: Date | null;
  author: string | null;
  body: string;
  by_instructor: boolean;
  course_id: number;
  created_at: Date;
  hidden_at: Date | null;
  id: string;
  lesson_id: number;
  parent_id: string | null;
  user_id: string | null;
}

/** 'QuestionsOfLesson' query type */
export interface IQuestionsOfLessonQuery {
  params: IQuestionsOfLessonParams;
  result: IQuestionsOfLessonResult;
}

/** 'RecentQuestionsBy' parameters type */
export interface IRecentQuestionsByParams {
  seconds: number;
  userId: string;
}

/** 'RecentQuestionsBy' return type */
export interface IRecentQuestionsByResult {
  n: number;
}

/** 'RecentQuestionsBy' query type */
export interface IRecentQuestionsByQuery {
  params: IRecentQuestionsByParams;
  result: IRecentQuestionsByResult;
}

/** 'MarkQuestionAnswered' parameters type */
export interface IMarkQuestionAnsweredParams {
  id: NumberOrString;
}

/** 'MarkQuestionAnswered' return type */
export type IMarkQuestionAnsweredResult = void;

/** 'MarkQuestionAnswered' query type */
export interface IMarkQuestionAnsweredQuery {
  params: IMarkQuestionAnsweredParams;
  result: IMarkQuestionAnsweredResult;
}

/** 'SetQuestionHidden' parameters type */
export interface ISetQuestionHiddenParams {
  hidden: boolean;
  id: NumberOrString;
}

/** 'SetQuestionHidden' return type */
export type ISetQuestionHiddenResult = void;

/** 'SetQuestionHidden' query type */
export interface ISetQuestionHiddenQuery {
  params: ISetQuestionHiddenParams;
  result: ISetQuestionHiddenResult;
}

/** 'DeleteQuestion' parameters type */
export interface IDeleteQuestionParams {
  id: NumberOrString;
}

/** 'DeleteQuestion' return type */
export interface IDeleteQuestionResult {
  id: string;
}

/** 'DeleteQuestion' query type */
export interface IDeleteQuestionQuery {
  params: IDeleteQuestionParams;
  result: IDeleteQuestionResult;
}

/** 'UnansweredQuestions' parameters type */
export interface IUnansweredQuestionsParams {
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'UnansweredQuestions' return type */
export interface IUnansweredQuestionsResult {
  /** Questions: when an instructor first replied (NULL: unanswered) */
  answered_at: Date | null;
  author: string | null;
  body: string;
  by_instructor: boolean;
  course_id: number;
  course_title: string;
  created_at: Date;
  hidden_at: Date | null;
  id: string;
  lesson_id: number;
  lesson_title: string;
  parent_id: string | null;
  total: number;
  user_id: string | null;
}

/** 'UnansweredQuestions' query type */
export interface IUnansweredQuestionsQuery {
  params: IUnansweredQuestionsParams;
  result: IUnansweredQuestionsResult;
}

/** 'AllQuestions' parameters type */
export interface IAllQuestionsParams {
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'AllQuestions' return type */
export interface IAllQuestionsResult {
  /** Questions: when an instructor first replied (NULL: unanswered) */
  answered_at: Date | null;
  author: string | null;
  body: string;
  by_instructor: boolean;
  course_id: number;
  course_title: string;
  created_at: Date;
  hidden_at: Date | null;
  id: string;
  lesson_id: number;
  lesson_title: string;
  parent_id: string | null;
  total: number;
  user_id: string | null;
}

/** 'AllQuestions' query type */
export interface IAllQuestionsQuery {
  params: IAllQuestionsParams;
  result: IAllQuestionsResult;
}
