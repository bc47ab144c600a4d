/** Types generated for queries found in "backend/src/modules/courses/courses.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type numberArray = number[];

/** 'Catalogue' parameters type */
export type ICatalogueParams = void;

/** 'Catalogue' return type */
export interface ICatalogueResult {
  category: string;
  created_at: Date;
  created_date: string;
  description: string;
  duration: string;
  id: number;
  instructor: string;
  last_updated: string;
  lessons_count: number;
  price: string;
  published_lessons: number;
  rating: number;
  ratings_count: number;
  revenue: string;
  status: string;
  students: number;
  thumbnail: string;
  title: string;
  total_lessons: number;
  updated_at: Date;
}

/** 'Catalogue' query type */
export interface ICatalogueQuery {
  params: ICatalogueParams;
  result: ICatalogueResult;
}

/** 'CourseById' parameters type */
export interface ICourseByIdParams {
  id: number;
}

/** 'CourseById' return type */
export interface ICourseByIdResult {
  category: string;
  created_at: Date;
  created_date: string;
  description: string;
  duration: string;
  has_draft: boolean;
  id: number;
  instructor: string;
  last_updated: string;
  lessons_count: number;
  price: string;
  published_lessons: number;
  rating: number;
  ratings_count: number;
  revenue: string;
  status: string;
  students: number;
  thumbnail: string;
  title: string;
  total_lessons: number;
  updated_at: Date;
}

/** 'CourseById' query type */
export interface ICourseByIdQuery {
  params: ICourseByIdParams;
  result: ICourseByIdResult;
}

/** 'PublishedCourseById' parameters type */
export interface IPublishedCourseByIdParams {
  id: number;
}

/** 'PublishedCourseById' return type */
export interface IPublishedCourseByIdResult {
  category: string;
  created_at: Date;
  created_date: string;
  description: string;
  duration: string;
  id: number;
  instructor: string;
  last_updated: string;
  lessons_count: number;
  price: string;
  published_lessons: number;
  rating: number;
  ratings_count: number;
  revenue: string;
  status: string;
  students: number;
  thumbnail: string;
  title: string;
  total_lessons: number;
  updated_at: Date;
}

/** 'PublishedCourseById' query type */
export interface IPublishedCourseByIdQuery {
  params: IPublishedCourseByIdParams;
  result: IPublishedCourseByIdResult;
}

/** 'LockCourse' parameters type */
export interface ILockCourseParams {
  id: number;
}

/** 'LockCourse' return type */
export interface ILockCourseResult {
  id: number;
}

/** 'LockCourse' query type */
export interface ILockCourseQuery {
  params: ILockCourseParams;
  result: ILockCourseResult;
}

/** 'LessonsOf' parameters type */
export interface ILessonsOfParams {
  courseIds: numberArray;
}

/** 'LessonsOf' return type */
export interface ILessonsOfResult {
  available_from: Date | null;
  content: string;
  course_id: number;
  drip_days: number | null;
  duration: string;
  id: number;
  pdf_url: string | null;
  published: boolean;
  /** Quiz lessons: passMark, attemptsAllowed (0 = unlimited), shuffle and the questions with their answers; never sent to learners */
  quiz: Json | null;
  sort_order: number;
  title: string;
  type: string;
  video_url: string | null;
}

/** 'LessonsOf' query type */
export interface ILessonsOfQuery {
  params: ILessonsOfParams;
  result: ILessonsOfResult;
}

/** 'PublishedLessonsOf' parameters type */
export interface IPublishedLessonsOfParams {
  courseIds: numberArray;
}

/** 'PublishedLessonsOf' return type */
export interface IPublishedLessonsOfResult {
  available_from: Date | null;
  content: string;
  course_id: number;
  drip_days: number | null;
  duration: string;
  id: number;
  pdf_url: string | null;
  published: boolean;
  /** Quiz lessons: passMark, attemptsAllowed (0 = unlimited), shuffle and the questions with their answers; never sent to learners */
  quiz: Json | null;
  sort_order: number;
  title: string;
  type: string;
  video_url: string | null;
}

/** 'PublishedLessonsOf' query type */
export interface IPublishedLessonsOfQuery {
  params: IPublishedLessonsOfParams;
  result: IPublishedLessonsOfResult;
}

/** 'InsertCourse' parameters type */
export interface IInsertCourseParams {
  category: string;
  description: string;
  duration: string;
  instructor: string;
  price: NumberOrString;
  status: string;
  thumbnail: string;
  title: string;
  totalLessons: number;
}

/** 'InsertCourse' return type */
export interface IInsertCourseResult {
  id: number;
}

/** 'InsertCourse' query type */
export interface IInsertCourseQuery {
  params: IInsertCourseParams;
  result: IInsertCourseResult;
}

/** 'DeleteCourse' parameters type */
export interface IDeleteCourseParams {
  id: number;
}

/** 'DeleteCourse' return type */
export type IDeleteCourseResult = void;

/** 'DeleteCourse' query type */
export interface IDeleteCourseQuery {
  params: IDeleteCourseParams;
  result: IDeleteCourseResult;
}

/** 'RemoveLessons' parameters type */
export interface IRemoveLessonsParams {
  courseId: number;
  ids: numberArray;
}

/** 'RemoveLessons' return type */
export type IRemoveLessonsResult = void;

/** 'RemoveLessons' query type */
export interface IRemoveLessonsQuery {
  params: IRemoveLessonsParams;
  result: IRemoveLessonsResult;
}

/** 'InsertLesson' parameters type */
export interface IInsertLessonParams {
  availableFrom?: DateOrString | null | void;
  content: string;
  courseId: number;
  dripDays?: number | null | void;
  duration: string;
  id?: number | null | void;
  pdfUrl?: string | null | void;
  published: boolean;
  quiz?: Json | null | void;
  sortOrder: number;
  title: string;
  type: string;
  videoUrl?: string | null | void;
}

/** 'InsertLesson' return type */
export type IInsertLessonResult = void;

/** 'InsertLesson' query type */
export interface IInsertLessonQuery {
  params: IInsertLessonParams;
  result: IInsertLessonResult;
}

/** 'NewLessonIds' parameters type */
export interface INewLessonIdsParams {
  count: number;
}

/** 'NewLessonIds' return type */
export interface INewLessonIdsResult {
  id: number;
}

/** 'NewLessonIds' query type */
export interface INewLessonIdsQuery {
  params: INewLessonIdsParams;
  result: INewLessonIdsResult;
}

/** 'KeptLessonIds' parameters type */
export interface IKeptLessonIdsParams {
  courseId: number;
}

/** 'KeptLessonIds' return type */
export interface IKeptLessonIdsResult {
  id: number;
}

/** 'KeptLessonIds' query type */
export interface IKeptLessonIdsQuery {
  params: IKeptLessonIdsParams;
  result: IKeptLessonIdsResult;
}

/** 'BumpQuizVersions' parameters type */
export interface IBumpQuizVersionsParams {
  courseId: number;
}

/** 'BumpQuizVersions' return type */
export type IBumpQuizVersionsResult = void;

/** 'BumpQuizVersions' query type */
export interface IBumpQuizVersionsQuery {
  params: IBumpQuizVersionsParams;
  result: IBumpQuizVersionsResult;
}

/** 'KeepQuizVersions' parameters type */
export interface IKeepQuizVersionsParams {
  courseId: number;
}

/** 'KeepQuizVersions' return type */
export type IKeepQuizVersionsResult = void;

/** 'KeepQuizVersions' query type */
export interface IKeepQuizVersionsQuery {
  params: IKeepQuizVersionsParams;
  result: IKeepQuizVersionsResult;
}

/** 'UpdateLesson' parameters type */
export interface IUpdateLessonParams {
  availableFrom?: DateOrString | null | void;
  content: string;
  courseId: number;
  dripDays?: number | null | void;
  duration: string;
  id: number;
  pdfUrl?: string | null | void;
  published: boolean;
  quiz?: Json | null | void;
  sortOrder: number;
  title: string;
  type: string;
  videoUrl?: string | null | void;
}

/** 'UpdateLesson' return type */
export type IUpdateLessonResult = void;

/** 'UpdateLesson' query type */
export interface IUpdateLessonQuery {
  params: IUpdateLessonParams;
  result: IUpdateLessonResult;
}

/** 'ReorderLessons' parameters type */
export interface IReorderLessonsParams {
  courseId: number;
  ids: numberArray;
}

/** 'ReorderLessons' return type */
export type IReorderLessonsResult = void;

/** 'ReorderLessons' query type */
export interface IReorderLessonsQuery {
  params: IReorderLessonsParams;
  result: IReorderLessonsResult;
}

/** 'TouchCourse' parameters type */
export interface ITouchCourseParams {
  id: number;
}

/** 'TouchCourse' return type */
export type ITouchCourseResult = void;

/** 'TouchCourse' query type */
export interface ITouchCourseQuery {
  params: ITouchCourseParams;
  result: ITouchCourseResult;
}

/** 'LessonFile' parameters type */
export interface ILessonFileParams {
  courseId: number;
  includeUnpublished: boolean;
  lessonId: number;
}

/** 'LessonFile' return type */
export interface ILessonFileResult {
  available_from: Date | null;
  drip_days: number | null;
  pdf_url: string | null;
}

/** 'LessonFile' query type */
export interface ILessonFileQuery {
  params: ILessonFileParams;
  result: ILessonFileResult;
}

/** 'PublishedCourse' parameters type */
export interface IPublishedCourseParams {
  id: number;
}

/** 'PublishedCourse' return type */
export interface IPublishedCourseResult {
  price: string;
  title: string;
}

/** 'PublishedCourse' query type */
export interface IPublishedCourseQuery {
  params: IPublishedCourseParams;
  result: IPublishedCourseResult;
}

/** 'PublishedLesson' parameters type */
export interface IPublishedLessonParams {
  courseId: number;
  lessonId: number;
}

/** 'PublishedLesson' return type */
export interface IPublishedLessonResult {
  available_from: Date | null;
  drip_days: number | null;
  /** Quiz lessons: passMark, attemptsAllowed (0 = unlimited), shuffle and the questions with their answers; never sent to learners */
  quiz: Json | null;
  title: string;
  type: string;
}

/** 'PublishedLesson' query type */
export interface IPublishedLessonQuery {
  params: IPublishedLessonParams;
  result: IPublishedLessonResult;
}

/** 'LessonOfCourse' parameters type */
export interface ILessonOfCourseParams {
  courseId: number;
  lessonId: number;
}

/** 'LessonOfCourse' return type */
export interface ILessonOfCourseResult {
  available_from: Date | null;
  content: string;
  course_id: number;
  drip_days: number | null;
  duration: string;
  id: number;
  pdf_url: string | null;
  published: boolean;
  /** Quiz lessons: passMark, attemptsAllowed (0 = unlimited), shuffle and the questions with their answers; never sent to learners */
  quiz: Json | null;
  sort_order: number;
  title: string;
  type: string;
  video_url: string | null;
}

/** 'LessonOfCourse' query type */
export interface ILessonOfCourseQuery {
  params: ILessonOfCourseParams;
  result: ILessonOfCourseResult;
}

/** 'DrippedLessons' parameters type */
export type IDrippedLessonsParams = void;

/** 'DrippedLessons' return type */
export interface IDrippedLessonsResult {
  available_from: Date | null;
  course_id: number;
  course_title: string;
  drip_days: number | null;
  id: number;
  title: string;
}

/** 'DrippedLessons' query type */
export interface IDrippedLessonsQuery {
  params: IDrippedLessonsParams;
  result: IDrippedLessonsResult;
}

/** 'CourseCounts' parameters type */
export interface ICourseCountsParams {
  days: number;
}

/** 'CourseCounts' return type */
export interface ICourseCountsResult {
  published: number;
  publishedRecently: number;
  total: number;
}

/** 'CourseCounts' query type */
export interface ICourseCountsQuery {
  params: ICourseCountsParams;
  result: ICourseCountsResult;
}

/** 'TitlesAndRatings' parameters type */
export type ITitlesAndRatingsParams = void;

/** 'TitlesAndRatings' return type */
export interface ITitlesAndRatingsResult {
  id: number;
  rating: number;
  title: string;
}

/** 'TitlesAndRatings' query type */
export interface ITitlesAndRatingsQuery {
  params: ITitlesAndRatingsParams;
  result: ITitlesAndRatingsResult;
}

/** 'SearchCourses' parameters type */
export interface ISearchCoursesParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchCourses' return type */
export interface ISearchCoursesResult {
  id: number;
  subtitle: string;
  title: string;
  url: string;
}

/** 'SearchCourses' query type */
export interface ISearchCoursesQuery {
  params: ISearchCoursesParams;
  result: ISearchCoursesResult;
}

/** 'SearchLessons' parameters type */
export interface ISearchLessonsParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchLessons' return type */
export interface ISearchLessonsResult {
  id: number;
  subtitle: string;
  title: string;
  url: string;
}

/** 'SearchLessons' query type */
export interface ISearchLessonsQuery {
  params: ISearchLessonsParams;
  result: ISearchLessonsResult;
}
