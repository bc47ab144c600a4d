import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import type { ListQuery } from '../../common/http/list-query';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { CoursesService } from '../courses';
import { LearningError, LearningErrorCode } from './learning.error';
import { ProgressRepository } from './progress.repository';
import { RatingsRepository, type ReviewFilter, type ReviewRow } from './ratings.repository';
import type { AdminReviewView, PublicReview, RatingAnswer } from './dto/learning-views.dto';

export const RATE_AFTER_A_LESSON = 'Complete at least one lesson of this course before rating it';
export const REVIEW_MAX_LENGTH = 1000;

/**
 * A review as stored: plain text only (tags and control characters removed,
 * blank runs of lines shortened), at most 1000 characters; empty means none.
 * Web apps render it as text, never as HTML.
 */
export function sanitiseReview(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  const clean = text
    .replace(/<[^>]*>?/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, REVIEW_MAX_LENGTH);
  return clean || null;
}

export const reviewId = (courseId: number, userId: string): string => `${courseId}_${userId}`;

export function parseReviewId(id: string): { courseId: number; userId: string } | null {
  const m = /^(\d{1,9})_([0-9a-f-]{36})$/i.exec(id);
  return m ? { courseId: Number(m[1]), userId: m[2].toLowerCase() } : null;
}

function adminView(r: ReviewRow): AdminReviewView {
  return {
    id: reviewId(r.course_id, r.user_id),
    courseId: r.course_id,
    courseTitle: r.course_title,
    userId: r.user_id,
    author: r.author,
    stars: r.stars,
    review: r.review,
    hidden: r.review_hidden_at !== null,
    ratedAt: new Date(r.rated_at).toISOString(),
  };
}

/**
 * Course ratings and reviews: a learner who completed at least one lesson of
 * the course rates it 1 to 5 stars with an optional short review (a new
 * rating replaces the previous one); admins hide abusive reviews.
 */
@Injectable()
export class RatingsService {
  constructor(
    private readonly ratings: RatingsRepository,
    private readonly progress: ProgressRepository,
    private readonly courses: CoursesService,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
  ) {}

  async rate(user: Pick<AuthUser, 'id' | 'name'>, courseId: number, stars: number, review?: string | null): Promise<RatingAnswer> {
    return this.tx.run(async (tx) => {
      const course = await this.courses.publishedCourse(tx.manager, courseId);
      if ((await this.progress.courseTally(tx.manager, user.id, courseId)).done < 1)
        throw new LearningError(LearningErrorCode.RatingBeforeALesson, RATE_AFTER_A_LESSON);
      const text = review === undefined ? undefined : sanitiseReview(review);
      await this.ratings.upsert(tx.manager, user.id, courseId, stars, text);
      await tx.emit('course.rated', { type: 'course', id: courseId }, { userId: user.id, userName: user.name, courseId, courseTitle: course.title, stars });
      const summary = await this.ratings.summary(tx.manager, courseId);
      const mine = await this.ratings.find(courseId, user.id, tx.manager);
      return { success: true as const, rating: summary.rating, ratingsCount: summary.count, myRating: stars, myReview: mine?.review ?? null };
    });
  }

  /** The learner's stars per course. */
  async mine(userId: string): Promise<Map<number, number>> {
    return new Map((await this.ratings.ofUser(userId)).map((r) => [r.course_id, r.stars]));
  }

  async mineFor(userId: string, courseId: number): Promise<{ stars: number; review: string | null } | null> {
    return (await this.ratings.ofUserCourse(userId, courseId)) ?? null;
  }

  /** The newest visible reviews of a published course. */
  async reviews(courseId: number): Promise<PublicReview[]> {
    await this.courses.published(courseId);
    return (await this.ratings.visibleReviews(courseId, 20)).map((r) => ({
      author: r.author.split(/\s+/)[0] || 'Learner',
      stars: r.stars,
      review: r.review!,
      ratedAt: new Date(r.rated_at).toISOString(),
    }));
  }

  async adminList(query: ListQuery): Promise<{ rows: AdminReviewView[]; total: number }> {
    const { rows, total } = await this.ratings.list(query.filter as ReviewFilter, query);
    return { rows: rows.map(adminView), total };
  }

  async adminGet(id: string): Promise<AdminReviewView> {
    const key = parseReviewId(id);
    const row = key && (await this.ratings.find(key.courseId, key.userId));
    if (!row) throw CommonError.notFound('Review not found');
    return adminView(row);
  }

  /** Hides (or shows again) a review's text; the stars keep counting. */
  async setHidden(id: string, hidden: boolean, actor: AuthUser): Promise<AdminReviewView> {
    const key = parseReviewId(id);
    if (!key) throw CommonError.notFound('Review not found');
    return this.tx.run(async (tx) => {
      if (!(await this.ratings.setHidden(tx.manager, key.courseId, key.userId, hidden))) throw CommonError.notFound('Review not found');
      const row = (await this.ratings.find(key.courseId, key.userId, tx.manager))!;
      await this.audit.record(tx.manager, {
        actor,
        action: hidden ? 'hide-review' : 'show-review',
        resource: 'reviews',
        resourceId: id,
        summary: `${hidden ? 'Hid' : 'Showed'} the review of ${row.author} on "${row.course_title}"`,
      });
      await tx.emit('review.hidden', { type: 'course', id: key.courseId }, { userId: key.userId, courseId: key.courseId, hidden, actorId: actor.id });
      return adminView(row);
    });
  }

  /** A deleted account's review texts go (its stars stay in the averages). */
  forgetReviews(manager: EntityManager, userId: string): Promise<void> {
    return this.ratings.forgetReviews(manager, userId);
  }
}
