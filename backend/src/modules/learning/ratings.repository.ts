import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { sql } from '@pgtyped/runtime';
import { queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IForgetReviewsQuery,
  IRatingSummaryQuery,
  IRatingsOfUserCourseQuery,
  IRatingsOfUserQuery,
  IReviewOfQuery,
  IReviewOfResult,
  ISetReviewHiddenQuery,
  IUpsertRatingQuery,
  IVisibleReviewsQuery,
} from './ratings.repository.types';

/** A rating with its course and author, as the review statements read it (generated from the schema). */
export type ReviewRow = IReviewOfResult;

export interface ReviewFilter {
  courseId?: number;
  hidden?: boolean;
  withText?: boolean;
}

const REVIEW_SORT: Record<string, string> = { ratedAt: 'r.rated_at', stars: 'r.stars', courseId: 'r.course_id' };
export const REVIEW_SORT_FIELDS = Object.keys(REVIEW_SORT);

const REVIEWS = `SELECT r.user_id, r.course_id, c.title AS course_title, u.name AS author, r.stars, r.review, r.review_hidden_at, r.rated_at
                   FROM course_ratings r JOIN courses c ON c.id = r.course_id JOIN users u ON u.id = r.user_id`;

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes ratings.repository.types.ts);
 * those reading reviews repeat REVIEWS. The console's list (filters and sort built at run time) stays hand-typed.
 */
const upsertRating = sql<IUpsertRatingQuery>`
  INSERT INTO course_ratings (user_id, course_id, stars, review) VALUES ($userId!, $courseId!, $stars!, $review)
  ON CONFLICT (user_id, course_id) DO UPDATE
     SET stars = EXCLUDED.stars, rated_at = now(),
         review = CASE WHEN $withReview! THEN EXCLUDED.review ELSE course_ratings.review END,
         review_hidden_at = CASE WHEN $withReview! AND EXCLUDED.review IS DISTINCT FROM course_ratings.review THEN NULL ELSE course_ratings.review_hidden_at END`;
const ratingSummary = sql<IRatingSummaryQuery>`
  SELECT coalesce(round(avg(stars), 1), 0)::float8 AS "rating!", count(*)::int AS "count!" FROM course_ratings WHERE course_id = $courseId!`;
const ratingsOfUser = sql<IRatingsOfUserQuery>`SELECT course_id, stars FROM course_ratings WHERE user_id = $userId!`;
const ratingsOfUserCourse = sql<IRatingsOfUserCourseQuery>`SELECT stars, review FROM course_ratings WHERE user_id = $userId! AND course_id = $courseId!`;
const visibleReviews = sql<IVisibleReviewsQuery>`
  SELECT r.user_id, r.course_id, c.title AS course_title, u.name AS author, r.stars, r.review, r.review_hidden_at, r.rated_at
    FROM course_ratings r JOIN courses c ON c.id = r.course_id JOIN users u ON u.id = r.user_id
   WHERE r.course_id = $courseId! AND r.review IS NOT NULL AND r.review_hidden_at IS NULL ORDER BY r.rated_at DESC LIMIT $limit!`;
const reviewOf = sql<IReviewOfQuery>`
  SELECT r.user_id, r.course_id, c.title AS course_title, u.name AS author, r.stars, r.review, r.review_hidden_at, r.rated_at
    FROM course_ratings r JOIN courses c ON c.id = r.course_id JOIN users u ON u.id = r.user_id
   WHERE r.course_id = $courseId! AND r.user_id = $userId!`;
const setReviewHidden = sql<ISetReviewHiddenQuery>`
  UPDATE course_ratings SET review_hidden_at = CASE WHEN $hidden! THEN coalesce(review_hidden_at, now()) ELSE NULL END
   WHERE course_id = $courseId! AND user_id = $userId!`;
const forgetReviews = sql<IForgetReviewsQuery>`UPDATE course_ratings SET review = NULL WHERE user_id = $userId!`;

/** course_ratings: one rating (1 to 5 stars, an optional short review) per learner and course; a new rating replaces the previous one. */
@Injectable()
export class RatingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A rating without a review text keeps the review written before. */
  async upsert(manager: EntityManager, userId: string, courseId: number, stars: number, review: string | null | undefined): Promise<void> {
    await typedExecute(manager, upsertRating, { userId, courseId, stars, review: review ?? null, withReview: review !== undefined });
  }

  async summary(manager: EntityManager, courseId: number): Promise<{ rating: number; count: number }> {
    return (await typedOne(manager, ratingSummary, { courseId }))!;
  }

  ofUser(userId: string): Promise<Array<{ course_id: number; stars: number }>> {
    return typedRows(this.dataSource.manager, ratingsOfUser, { userId });
  }

  ofUserCourse(userId: string, courseId: number): Promise<{ stars: number; review: string | null } | undefined> {
    return typedOne(this.dataSource.manager, ratingsOfUserCourse, { userId, courseId });
  }

  /** The reviews anyone may read: with text, not hidden, newest first. */
  visibleReviews(courseId: number, limit: number): Promise<ReviewRow[]> {
    return typedRows(this.dataSource.manager, visibleReviews, { courseId, limit: Number(limit) });
  }

  async list(filter: ReviewFilter, page: Pick<ListQuery, 'sort' | 'skip' | 'take'>): Promise<{ rows: ReviewRow[]; total: number }> {
    const where = new WhereBuilder()
      .when(filter.courseId, 'r.course_id = ?', filter.courseId)
      .when(filter.hidden === true, 'r.review_hidden_at IS NOT NULL')
      .when(filter.hidden === false, 'r.review_hidden_at IS NULL')
      .when(filter.withText === true, 'r.review IS NOT NULL');
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM course_ratings r ${where.sql}`, where.params);
    const rows = await queryRows<ReviewRow>(
      this.dataSource.manager,
      `${REVIEWS} ${where.sql} ORDER BY ${REVIEW_SORT[page.sort.field]} ${page.sort.order}, r.course_id, r.user_id OFFSET ${page.skip} LIMIT ${page.take}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  find(courseId: number, userId: string, manager: EntityManager = this.dataSource.manager): Promise<ReviewRow | undefined> {
    return typedOne(manager, reviewOf, { courseId, userId });
  }

  async setHidden(manager: EntityManager, courseId: number, userId: string, hidden: boolean): Promise<boolean> {
    return (await typedExecute(manager, setReviewHidden, { courseId, userId, hidden })) > 0;
  }

  /** A deleted account's reviews lose their text (the stars stay in the averages). */
  async forgetReviews(manager: EntityManager, userId: string): Promise<void> {
    await typedExecute(manager, forgetReviews, { userId });
  }
}
