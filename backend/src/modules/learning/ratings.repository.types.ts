/** Types generated for queries found in "backend/src/modules/learning/ratings.repository.ts" */
export type NumberOrString = number | string;

/** 'UpsertRating' parameters type */
export interface IUpsertRatingParams {
  courseId: number;
  review?: string | null | void;
  stars: number;
  userId: string;
  withReview: boolean;
}

/** 'UpsertRating' return type */
export type IUpsertRatingResult = void;

/** 'UpsertRating' query type */
export interface IUpsertRatingQuery {
  params: IUpsertRatingParams;
  result: IUpsertRatingResult;
}

/** 'RatingSummary' parameters type */
export interface IRatingSummaryParams {
  courseId: number;
}

/** 'RatingSummary' return type */
export interface IRatingSummaryResult {
  count: number;
  rating: number;
}

/** 'RatingSummary' query type */
export interface IRatingSummaryQuery {
  params: IRatingSummaryParams;
  result: IRatingSummaryResult;
}

/** 'RatingsOfUser' parameters type */
export interface IRatingsOfUserParams {
  userId: string;
}

/** 'RatingsOfUser' return type */
export interface IRatingsOfUserResult {
  course_id: number;
  stars: number;
}

/** 'RatingsOfUser' query type */
export interface IRatingsOfUserQuery {
  params: IRatingsOfUserParams;
  result: IRatingsOfUserResult;
}

/** 'RatingsOfUserCourse' parameters type */
export interface IRatingsOfUserCourseParams {
  courseId: number;
  userId: string;
}

/** 'RatingsOfUserCourse' return type */
export interface IRatingsOfUserCourseResult {
  review: string | null;
  stars: number;
}

/** 'RatingsOfUserCourse' query type */
export interface IRatingsOfUserCourseQuery {
  params: IRatingsOfUserCourseParams;
  result: IRatingsOfUserCourseResult;
}

/** 'VisibleReviews' parameters type */
export interface IVisibleReviewsParams {
  courseId: number;
  limit: NumberOrString;
}

/** 'VisibleReviews' return type */
export interface IVisibleReviewsResult {
  author: string;
  course_id: number;
  course_title: string;
  rated_at: Date;
  review: string | null;
  review_hidden_at: Date | null;
  stars: number;
  user_id: string;
}

/** 'VisibleReviews' query type */
export interface IVisibleReviewsQuery {
  params: IVisibleReviewsParams;
  result: IVisibleReviewsResult;
}

/** 'ReviewOf' parameters type */
export interface IReviewOfParams {
  courseId: number;
  userId: string;
}

/** 'ReviewOf' return type */
export interface IReviewOfResult {
  author: string;
  course_id: number;
  course_title: string;
  rated_at: Date;
  review: string | null;
  review_hidden_at: Date | null;
  stars: number;
  user_id: string;
}

/** 'ReviewOf' query type */
export interface IReviewOfQuery {
  params: IReviewOfParams;
  result: IReviewOfResult;
}

/** 'SetReviewHidden' parameters type */
export interface ISetReviewHiddenParams {
  courseId: number;
  hidden: boolean;
  userId: string;
}

/** 'SetReviewHidden' return type */
export type ISetReviewHiddenResult = void;

/** 'SetReviewHidden' query type */
export interface ISetReviewHiddenQuery {
  params: ISetReviewHiddenParams;
  result: ISetReviewHiddenResult;
}

/** 'ForgetReviews' parameters type */
export interface IForgetReviewsParams {
  userId: string;
}

/** 'ForgetReviews' return type */
export type IForgetReviewsResult = void;

/** 'ForgetReviews' query type */
export interface IForgetReviewsQuery {
  params: IForgetReviewsParams;
  result: IForgetReviewsResult;
}
