import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../events/transaction-runner';
import { CoursesService, type QuizDefinition } from '../courses';
import type { LearnerQuiz, QuizAttemptResult, QuizStats, QuizSubmission } from './dto/quiz.dto';
import { LearningError } from './learning.error';
import { ProgressService, type Learner } from './progress.service';
import { answerKey, gradeAttempt, questionsForLearner, type GivenAnswer } from './quiz-grading';
import { QuizRepository, type QuizAttemptRow } from './quiz.repository';

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
    const lesson = await this.courses.learnerLesson(undefined, courseId, lessonId, user);
    const quiz = lesson.quiz;
    if (!quiz) throw LearningError.notAQuiz();
    const [standing, latest] = await Promise.all([this.attempts.standings(user.id, courseId), this.attempts.latest(user.id, lessonId)]);
    const mine = standing.find((s) => s.lesson_id === lessonId);
    const used = mine?.attempts ?? 0;
    const passed = mine?.passed ?? false;
    return {
      lessonId,
      passMark: quiz.passMark,
      attemptsAllowed: quiz.attemptsAllowed,
      attemptsUsed: used,
      attemptsLeft: attemptsLeft(quiz, used),
      passed,
      bestScore: mine?.best_score ?? null,
      questions: questionsForLearner(quiz),
      lastAttempt: latest ? this.resultOf(quiz, latest, passed || attemptsLeft(quiz, used) === 0) : null,
    };
  }

  /**
   * Grades and stores one attempt. The learner's course row is locked first,
   * so concurrent submissions are counted one after the other against the
   * attempts allowed. quiz.attempted is emitted with every attempt.
   */
  async submit(user: Learner, courseId: number, lessonId: number, answers: GivenAnswer[]): Promise<QuizSubmission> {
    return this.tx.run(async (tx) => {
      const lesson = await this.courses.learnerLesson(tx.manager, courseId, lessonId, user);
      const quiz = lesson.quiz;
      if (!quiz) throw LearningError.notAQuiz();
      const graded = gradeAttempt(quiz, answers);
      await this.progress.startCourse(tx, user, courseId, lesson);
      const used = await this.attempts.count(tx.manager, user.id, lessonId);
      if (quiz.attemptsAllowed > 0 && used >= quiz.attemptsAllowed) throw LearningError.noAttemptsLeft(quiz.attemptsAllowed);
      const passedBefore = await this.attempts.hasPassed(tx.manager, user.id, lessonId);
      const row = await this.attempts.insert(tx.manager, {
        userId: user.id,
        courseId,
        lessonId,
        attemptNumber: used + 1,
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
      const left = attemptsLeft(quiz, used + 1);
      const completion = graded.passed ? await this.progress.markCompleted(tx, user, courseId, lessonId, lesson) : null;
      return {
        success: true as const,
        result: this.resultOf(quiz, row, passedBefore || graded.passed || left === 0),
        attemptsLeft: left,
        completion,
      };
    });
  }

  /** Per-question statistics of a quiz lesson for the console: where learners fail. */
  async stats(courseId: number, lessonId: number): Promise<QuizStats> {
    const lesson = await this.courses.lessonOfCourse(courseId, lessonId);
    if (!lesson.quiz) throw LearningError.notAQuiz();
    const [totals, questions, picks] = await Promise.all([
      this.attempts.lessonTotals(lessonId),
      this.attempts.questionTotals(lessonId),
      this.attempts.optionPicks(lessonId),
    ]);
    const byQuestion = new Map(questions.map((q) => [q.question_id, q]));
    const picked = new Map(picks.map((p) => [`${p.question_id}/${p.option_id}`, p.picked]));
    return {
      courseId,
      lessonId,
      lessonTitle: lesson.title,
      passMark: lesson.quiz.passMark,
      attempts: totals.attempts,
      learners: totals.learners,
      passedLearners: totals.passed_learners,
      passRate: rate(totals.passes, totals.attempts),
      averageScore: totals.average_score,
      questions: lesson.quiz.questions.map((q) => {
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

  /** An attempt's result, question by question in the quiz's order; the right answers only when `reveal`. */
  private resultOf(quiz: QuizDefinition, row: QuizAttemptRow, reveal: boolean): QuizAttemptResult {
    const given = new Map(row.answers.map((a) => [a.questionId, a]));
    const right = new Map(row.results.map((r) => [r.questionId, r.correct]));
    return {
      attemptNumber: row.attempt_number,
      score: row.score,
      passed: row.passed,
      passMark: row.pass_mark,
      correctCount: row.results.filter((r) => r.correct).length,
      questionCount: row.results.length,
      submittedAt: new Date(row.submitted_at).toISOString(),
      questions: quiz.questions.map((q) => {
        const answer = given.get(q.id);
        return {
          id: q.id,
          kind: q.kind,
          prompt: q.prompt,
          options: q.options.map((o) => ({ id: o.id, text: o.text })),
          correct: right.get(q.id) ?? false,
          yourAnswer: answer ? { optionIds: answer.optionIds, value: answer.value, text: answer.text } : null,
          rightAnswer: reveal ? answerKey(q) : null,
          explanation: q.explanation,
        };
      }),
    };
  }
}
