/** Types generated for queries found in "backend/src/modules/learning/progress.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'LessonProgress' parameters type */
export interface ILessonProgressParams {
  lessonId: number;
  userId: string;
}

/** 'LessonProgress' return type */
export interface ILessonProgressResult {
  completed_at: Date | null;
  first_completed_at: Date | null;
}

/** 'LessonProgress' query type */
export interface ILessonProgressQuery {
  params: ILessonProgressParams;
  result: ILessonProgressResult;
}

/** 'MarkCompleted' parameters type */
export interface IMarkCompletedParams {
  courseId: number;
  lessonId: number;
  userId: string;
}

/** 'MarkCompleted' return type */
export type IMarkCompletedResult = void;

/** 'MarkCompleted' query type */
export interface IMarkCompletedQuery {
  params: IMarkCompletedParams;
  result: IMarkCompletedResult;
}

/** 'MarkNotCompleted' parameters type */
export interface IMarkNotCompletedParams {
  lessonId: number;
  userId: string;
}

/** 'MarkNotCompleted' return type */
export type IMarkNotCompletedResult = void;

/** 'MarkNotCompleted' query type */
export interface IMarkNotCompletedQuery {
  params: IMarkNotCompletedParams;
  result: IMarkNotCompletedResult;
}

/** 'SavePosition' parameters type */
export interface ISavePositionParams {
  courseId: number;
  lessonId: number;
  seconds: number;
  userId: string;
}

/** 'SavePosition' return type */
export type ISavePositionResult = void;

/** 'SavePosition' query type */
export interface ISavePositionQuery {
  params: ISavePositionParams;
  result: ISavePositionResult;
}

/** 'CourseTally' parameters type */
export interface ICourseTallyParams {
  courseId: number;
  userId: string;
}

/** 'CourseTally' return type */
export interface ICourseTallyResult {
  done: number;
  total: number;
}

/** 'CourseTally' query type */
export interface ICourseTallyQuery {
  params: ICourseTallyParams;
  result: ICourseTallyResult;
}

/** 'RecordCompletion' parameters type */
export interface IRecordCompletionParams {
  courseId: number;
  userId: string;
}

/** 'RecordCompletion' return type */
export interface IRecordCompletionResult {
  course_id: number;
}

/** 'RecordCompletion' query type */
export interface IRecordCompletionQuery {
  params: IRecordCompletionParams;
  result: IRecordCompletionResult;
}

/** 'Enroll' parameters type */
export interface IEnrollParams {
  courseId: number;
  userId: string;
}

/** 'Enroll' return type */
export interface IEnrollResult {
  course_id: number;
}

/** 'Enroll' query type */
export interface IEnrollQuery {
  params: IEnrollParams;
  result: IEnrollResult;
}

/** 'LockEnrollment' parameters type */
export interface ILockEnrollmentParams {
  courseId: number;
  userId: string;
}

/** 'LockEnrollment' return type */
export interface ILockEnrollmentResult {
  locked: number | null;
}

/** 'LockEnrollment' query type */
export interface ILockEnrollmentQuery {
  params: ILockEnrollmentParams;
  result: ILockEnrollmentResult;
}

/** 'IsEnrolled' parameters type */
export interface IIsEnrolledParams {
  courseId: number;
  userId: string;
}

/** 'IsEnrolled' return type */
export interface IIsEnrolledResult {
  enrolled: number | null;
}

/** 'IsEnrolled' query type */
export interface IIsEnrolledQuery {
  params: IIsEnrolledParams;
  result: IIsEnrolledResult;
}

/** 'TouchEnrollment' parameters type */
export interface ITouchEnrollmentParams {
  courseId: number;
  lessonId: number;
  userId: string;
}

/** 'TouchEnrollment' return type */
export type ITouchEnrollmentResult = void;

/** 'TouchEnrollment' query type */
export interface ITouchEnrollmentQuery {
  params: ITouchEnrollmentParams;
  result: ITouchEnrollmentResult;
}

/** 'Enrollment' parameters type */
export interface IEnrollmentParams {
  courseId: number;
  userId: string;
}

/** 'Enrollment' return type */
export interface IEnrollmentResult {
  last_lesson_id: number | null;
}

/** 'Enrollment' query type */
export interface IEnrollmentQuery {
  params: IEnrollmentParams;
  result: IEnrollmentResult;
}

/** 'LessonStates' parameters type */
export interface ILessonStatesParams {
  courseId: number;
  userId: string;
}

/** 'LessonStates' return type */
export interface ILessonStatesResult {
  completed: boolean;
  last_position_seconds: number;
  lesson_id: number;
}

/** 'LessonStates' query type */
export interface ILessonStatesQuery {
  params: ILessonStatesParams;
  result: ILessonStatesResult;
}

/** 'CompletedByCourse' parameters type */
export interface ICompletedByCourseParams {
  userId: string;
}

/** 'CompletedByCourse' return type */
export interface ICompletedByCourseResult {
  course_id: number;
  n: number;
}

/** 'CompletedByCourse' query type */
export interface ICompletedByCourseQuery {
  params: ICompletedByCourseParams;
  result: ICompletedByCourseResult;
}

/** 'AccessedLessons' parameters type */
export interface IAccessedLessonsParams {
  userId: string;
}

/** 'AccessedLessons' return type */
export interface IAccessedLessonsResult {
  accessed: number;
  total: number;
}

/** 'AccessedLessons' query type */
export interface IAccessedLessonsQuery {
  params: IAccessedLessonsParams;
  result: IAccessedLessonsResult;
}

/** 'AccessedLessonsOf' parameters type */
export interface IAccessedLessonsOfParams {
  userIds: stringArray;
}

/** 'AccessedLessonsOf' return type */
export interface IAccessedLessonsOfResult {
  accessed: number;
  total: number;
  user_id: string;
}

/** 'AccessedLessonsOf' query type */
export interface IAccessedLessonsOfQuery {
  params: IAccessedLessonsOfParams;
  result: IAccessedLessonsOfResult;
}

/** 'CompletedCourseCounts' parameters type */
export interface ICompletedCourseCountsParams {
  userIds: stringArray;
}

/** 'CompletedCourseCounts' return type */
export interface ICompletedCourseCountsResult {
  n: number;
  user_id: string;
}

/** 'CompletedCourseCounts' query type */
export interface ICompletedCourseCountsQuery {
  params: ICompletedCourseCountsParams;
  result: ICompletedCourseCountsResult;
}

/** 'RecentEnrollments' parameters type */
export interface IRecentEnrollmentsParams {
  limit: NumberOrString;
  userId: string;
}

/** 'RecentEnrollments' return type */
export interface IRecentEnrollmentsResult {
  course_id: number;
  last_lesson_id: number | null;
}

/** 'RecentEnrollments' query type */
export interface IRecentEnrollmentsQuery {
  params: IRecentEnrollmentsParams;
  result: IRecentEnrollmentsResult;
}

/** 'CompletedLessonIds' parameters type */
export interface ICompletedLessonIdsParams {
  courseId: number;
  userId: string;
}

/** 'CompletedLessonIds' return type */
export interface ICompletedLessonIdsResult {
  lesson_id: number;
}

/** 'CompletedLessonIds' query type */
export interface ICompletedLessonIdsQuery {
  params: ICompletedLessonIdsParams;
  result: ICompletedLessonIdsResult;
}
