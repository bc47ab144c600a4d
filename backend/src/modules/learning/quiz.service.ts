import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../events/transaction-runner';
import { CoursesService, type QuizDefinition } from '../courses';
import type { LearnerQuiz, QuizAttemptResult, QuizStats, QuizSubmission } from './dto/quiz.dto';
import { LearningError } from './learning.error';
import { ProgressService, type Learner } from './progress.service';
import { gradeAttempt, questionResults, questionsForLearner, type GivenAnswer } from './quiz-grading';
import { QuizRepository, type CurrentQuiz, type QuizAttemptRow } from './quiz.repository';

function attemptsLeft(quiz: QuizDefinition, used: number): number | null {
  return quiz.attemptsAllowed === 0 ? null : Math.max(0, quiz.attemptsAllowed - used);
}

const rate = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/**
 * Quiz lessons for learners: the questions without their answers, grading
 * on the server, attempts stored and limited, and the lesson completed (the
 * same lesson.completed, and course.completed after the last lesson) when
 * an attempt passes. Right answers are revealed once the learner passed or
 * has no attempt left; explanations come with every result.
 *
 * A quiz changed by the author is a new version: attempts record the version
 * they answered and are shown with that version's questions; the attempts
 * allowed count those of the current version only, while a pass of any
 * version keeps the lesson passed.
 */
@Injectable()
export class QuizService {
  constructor(
    private readonly courses: CoursesService,
    private readonly progress: ProgressService,
    private readonly attempts: QuizRepository,
    private readonly tx: TransactionRunner,
  ) {}

  async quiz(user: Learner, courseId: number, lessonId: number): Promise<LearnerQuiz> {
    await this.courses.learnerLesson(undefined, courseId, lessonId, user);
    const [{ version, quiz }, standing, latest] = await Promise.all([
      this.currentQuiz(undefined, lessonId),
      this.attempts.standings(user.id, courseId),
      this.attempts.latest(user.id, lessonId),
    ]);
    const mine = standing.find((s) => s.lesson_id === lessonId);
    const used = mine?.attempts ?? 0;
    const passed = mine?.passed ?? false;
    return {
      lessonId,
      quizVersion: version,
      passMark: quiz.passMark,
      attemptsAllowed: quiz.attemptsAllowed,
      attemptsUsed: used,
      attemptsLeft: attemptsLeft(quiz, used),
      passed,
      bestScore: mine?.best_score ?? null,
      questions: questionsForLearner(quiz),
      lastAttempt: latest ? this.resultOf(latest.quiz ?? quiz, latest, passed || attemptsLeft(quiz, used) === 0) : null,
    };
  }

  /**
   * Grades and stores one attempt. The learner's course row is locked first,
   * so concurrent submissions are counted one after the other against the
   * attempts allowed. Graded by the current version of the quiz, read with
   * its version number in one statement. quiz.attempted is emitted with every attempt.
   */
  async submit(user: Learner, courseId: number, lessonId: number, answers: GivenAnswer[], answeredVersion?: number): Promise<QuizSubmission> {
    return this.tx.run(async (tx) => {
      const lesson = await this.courses.learnerLesson(tx.manager, courseId, lessonId, user);
      const { version, quiz } = await this.currentQuiz(tx.manager, lessonId);
      if (answeredVersion !== undefined && answeredVersion !== version) throw LearningError.quizChanged(version);
      const graded = gradeAttempt(quiz, answers);
      await this.progress.startCourse(tx, user, courseId, lesson);
      const used = await this.attempts.count(tx.manager, user.id, lessonId, version);
      if (quiz.attemptsAllowed > 0 && used.ofVersion >= quiz.attemptsAllowed) throw LearningError.noAttemptsLeft(quiz.attemptsAllowed);
      const passedBefore = await this.attempts.hasPassed(tx.manager, user.id, lessonId);
      const row = await this.attempts.insert(tx.manager, {
        userId: user.id,
        courseId,
        lessonId,
        quizVersion: version,
        attemptNumber: used.total + 1,
        answers: graded.answers,
        results: graded.results,
        score: graded.score,
        passMark: quiz.passMark,
        passed: graded.passed,
      });
      await tx.emit(
        'quiz.attempted',
        { type: 'lesson', id: lessonId },
        {
          userId: user.id,
          userName: user.name,
          courseId,
          courseTitle: lesson.courseTitle,
          lessonId,
          lessonTitle: lesson.lessonTitle,
          attemptId: row.id,
          attemptNumber: row.attempt_number,
          score: graded.score,
          passed: graded.passed,
        },
      );
      const left = attemptsLeft(quiz, used.ofVersion + 1);
      const completion = graded.passed ? await this.progress.markCompleted(tx, user, courseId, lessonId, lesson) : null;
      return {
        success: true as const,
        result: this.resultOf(quiz, row, passedBefore || graded.passed || left === 0),
        attemptsLeft: left,
        completion,
      };
    });
  }

  /** Statistics of a quiz lesson's current version for the console (an older version's questions are gone): where learners fail. */
  async stats(courseId: number, lessonId: number): Promise<QuizStats> {
    const lesson = await this.courses.lessonOfCourse(courseId, lessonId);
    const { version, quiz } = await this.currentQuiz(undefined, lessonId);
    const [totals, questions, picks] = await Promise.all([
      this.attempts.lessonTotals(lessonId, version),
      this.attempts.questionTotals(lessonId, version),
      this.attempts.optionPicks(lessonId, version),
    ]);
    const byQuestion = new Map(questions.map((q) => [q.question_id, q]));
    const picked = new Map(picks.map((p) => [`${p.question_id}/${p.option_id}`, p.picked]));
    return {
      courseId,
      lessonId,
      lessonTitle: lesson.title,
      quizVersion: version,
      passMark: quiz.passMark,
      attempts: totals.attempts,
      learners: totals.learners,
      passedLearners: totals.passed_learners,
      passRate: rate(totals.passes, totals.attempts),
      averageScore: totals.average_score,
      questions: quiz.questions.map((q) => {
        const t = byQuestion.get(q.id);
        return {
          id: q.id,
          kind: q.kind,
          prompt: q.prompt,
          asked: t?.asked ?? 0,
          correct: t?.correct ?? 0,
          correctRate: rate(t?.correct ?? 0, t?.asked ?? 0),
          options: q.options.map((o) => ({ id: o.id, text: o.text, correct: o.correct, picked: picked.get(`${q.id}/${o.id}`) ?? 0 })),
        };
      }),
    };
  }

  /** The quiz lesson's current version; a lesson that no longer has a quiz is not a quiz. */
  private async currentQuiz(manager: EntityManager | undefined, lessonId: number): Promise<CurrentQuiz & { quiz: QuizDefinition }> {
    const current = await this.attempts.currentQuiz(manager, lessonId);
    if (!current?.quiz) throw LearningError.notAQuiz();
    return { version: current.version, quiz: current.quiz };
  }

  /** An attempt's result, question by question in the order of the quiz version it answered; the right answers only when `reveal`. */
  private resultOf(quiz: QuizDefinition, row: QuizAttemptRow, reveal: boolean): QuizAttemptResult {
    return {
      attemptNumber: row.attempt_number,
      quizVersion: row.quiz_version,
      score: row.score,
      passed: row.passed,
      passMark: row.pass_mark,
      correctCount: row.results.filter((r) => r.correct).length,
      questionCount: row.results.length,
      submittedAt: new Date(row.submitted_at).toISOString(),
      questions: questionResults(quiz, row.answers, row.results, reveal),
    };
  }
}
