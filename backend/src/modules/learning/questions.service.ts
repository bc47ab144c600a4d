import { Injectable } from '@nestjs/common';
import { hasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser } from '../../common/auth/auth-user';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { CoursesService } from '../courses';
import type { AdminLessonQuestion, LessonPost, LessonQuestion } from './dto/questions.dto';
import { LearningError } from './learning.error';
import { QuestionsRepository, type QuestionRow } from './questions.repository';

/** Posts a learner may make per minute under lessons. */
export const POSTS_PER_MINUTE = 5;

const notFound = () => LearningError.questionNotFound();

/**
 * Questions under each lesson: learners with access to the (released)
 * lesson ask and reply, rate limited; administrators answer with the
 * Instructor badge, hide or delete posts, and see the unanswered questions.
 * The asker is told of the first instructor answer (question.answered: bell
 * and email).
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly courses: CoursesService,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
  ) {}

  async list(user: AuthUser, courseId: number, lessonId: number): Promise<LessonQuestion[]> {
    await this.courses.learnerLesson(undefined, courseId, lessonId, user);
    const rows = await this.questions.ofLesson(lessonId, hasAdminPower(user));
    const view = (r: QuestionRow): LessonPost => ({
      id: r.id,
      parentId: r.parent_id,
      author: r.author ?? 'Deleted user',
      instructor: r.by_instructor,
      body: r.body,
      hidden: r.hidden_at !== null,
      mine: r.user_id === user.id,
      createdAt: new Date(r.created_at).toISOString(),
    });
    const top = rows.filter((r) => r.parent_id === null);
    return top.map((q) => ({ ...view(q), answered: q.answered_at !== null, replies: rows.filter((r) => r.parent_id === q.id).map(view) }));
  }

  /** A question, or a reply to one of this lesson's questions; an administrator's post carries the Instructor badge and answers the question. */
  async post(user: AuthUser, courseId: number, lessonId: number, body: string, parentId: string | undefined): Promise<LessonPost> {
    return this.tx.run(async (tx) => {
      const lesson = await this.courses.learnerLesson(tx.manager, courseId, lessonId, user);
      const instructor = hasAdminPower(user);
      if (!instructor && (await this.questions.recentBy(tx.manager, user.id, 60)) >= POSTS_PER_MINUTE) {
        throw LearningError.tooManyPosts(POSTS_PER_MINUTE);
      }
      let parent: QuestionRow | undefined;
      if (parentId) {
        parent = await this.questions.find(parentId, tx.manager);
        if (!parent || parent.lesson_id !== lessonId || parent.parent_id !== null || (parent.hidden_at && !instructor)) throw notFound();
        await this.questions.lock(tx.manager, parent.id);
      }
      const row = await this.questions.insert(tx.manager, {
        courseId,
        lessonId,
        parentId: parent?.id ?? null,
        userId: user.id,
        byInstructor: instructor,
        body,
      });
      if (parent && instructor && !parent.answered_at) {
        await this.questions.markAnswered(tx.manager, parent.id);
        if (parent.user_id && parent.user_id !== user.id) {
          await tx.emit(
            'question.answered',
            { type: 'lesson', id: lessonId },
            {
              questionId: parent.id,
              askerId: parent.user_id,
              courseId,
              courseTitle: lesson.courseTitle,
              lessonId,
              lessonTitle: lesson.lessonTitle,
              answer: body.slice(0, 300),
            },
          );
        }
      }
      return {
        id: row.id,
        parentId: row.parent_id,
        author: row.author ?? user.name,
        instructor,
        body: row.body,
        hidden: false,
        mine: true,
        createdAt: new Date(row.created_at).toISOString(),
      };
    });
  }

  async adminList(unanswered: boolean, skip: number, take: number): Promise<{ total: number; items: AdminLessonQuestion[] }> {
    const rows = await this.questions.list(unanswered, take, skip);
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({
        id: r.id,
        courseId: r.course_id,
        courseTitle: r.course_title,
        lessonId: r.lesson_id,
        lessonTitle: r.lesson_title,
        author: r.author ?? 'Deleted user',
        body: r.body,
        answered: r.answered_at !== null,
        hidden: r.hidden_at !== null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /** An administrator's answer from the console (the same as replying under the lesson). */
  async answer(actor: AuthUser, id: string, body: string): Promise<LessonPost> {
    const question = await this.questions.find(id);
    if (!question || question.parent_id !== null) throw notFound();
    return this.post(actor, question.course_id, question.lesson_id, body, question.id);
  }

  async setHidden(actor: AuthUser, id: string, hidden: boolean): Promise<void> {
    await this.tx.run(async (tx) => {
      const row = await this.questions.find(id, tx.manager);
      if (!row) throw notFound();
      await this.questions.setHidden(tx.manager, id, hidden);
      await this.audit.record(tx.manager, {
        actor,
        action: hidden ? 'hide-post' : 'show-post',
        resource: 'lesson-questions',
        resourceId: id,
        summary: `${hidden ? 'Hid' : 'Showed'} a post of ${row.author ?? 'a deleted user'} under a lesson`,
      });
    });
  }

  async delete(actor: AuthUser, id: string): Promise<void> {
    await this.tx.run(async (tx) => {
      const row = await this.questions.find(id, tx.manager);
      if (!row || !(await this.questions.delete(tx.manager, id))) throw notFound();
      await this.audit.record(tx.manager, {
        actor,
        action: 'delete',
        resource: 'lesson-questions',
        resourceId: id,
        summary: `Deleted a post of ${row.author ?? 'a deleted user'} under a lesson`,
      });
    });
  }
}
