import { Injectable } from '@nestjs/common';
import { CoursePreviews, CoursesError, lessonOpensAt, type CoursePreview } from '../courses';
import { MEDIA_URL_PREFIX } from '../media';
import type { LearnerQuiz, QuizSubmission } from './dto/quiz.dto';
import type { CourseView, LessonView } from './dto/learning-views.dto';
import { LearningError } from './learning.error';
import { gradeAttempt, questionResults, questionsForLearner, type GivenAnswer } from './quiz-grading';
import { progressPercent } from './progress.service';

/** A draft lesson's view in the preview: what a learner who bought today would see, nothing locked, drip shown as its opening date. */
function lessonView(lesson: CoursePreview['content']['lessons'][number], token: string, now: Date): LessonView {
  const opensAt = lessonOpensAt({ drip_days: lesson.dripDays, available_from: lesson.availableFrom ? new Date(lesson.availableFrom) : null }, now);
  return {
    id: lesson.id,
    title: lesson.title,
    type: lesson.type,
    duration: lesson.duration,
    content: lesson.content,
    videoUrl: lesson.videoUrl,
    pdfUrl: !lesson.pdfUrl ? null : lesson.pdfUrl.startsWith(MEDIA_URL_PREFIX) ? `/api/courses/preview-file/${token}/${lesson.id}` : lesson.pdfUrl,
    order: lesson.order,
    published: lesson.published,
    completed: false,
    positionSeconds: 0,
    locked: false,
    opensAt: opensAt && opensAt.getTime() > now.getTime() ? opensAt.toISOString() : null,
    quiz: lesson.quiz
      ? {
          passMark: lesson.quiz.passMark,
          questionCount: lesson.quiz.questions.length,
          attemptsAllowed: lesson.quiz.attemptsAllowed,
          attemptsUsed: 0,
          passed: false,
          bestScore: null,
        }
      : null,
  };
}

/**
 * A course's draft in the learner viewer, through its signed preview link:
 * the learner shapes (course, quiz, graded submission) built from the draft,
 * with the lessons a publish would make visible (published ones), and
 * nothing ever recorded: no enrolment, progress, attempt or event.
 */
@Injectable()
export class CoursePreviewService {
  constructor(private readonly previews: CoursePreviews) {}

  async course(token: string, now = new Date()): Promise<{ course: CourseView; expiresAt: string }> {
    const preview = await this.previews.open(token);
    const { content } = preview;
    const lessons = content.lessons.filter((l) => l.published).sort((a, b) => a.order - b.order);
    return {
      expiresAt: preview.expiresAt.toISOString(),
      course: {
        id: preview.courseId,
        title: content.title,
        description: content.description,
        instructor: content.instructor,
        thumbnail: content.thumbnail,
        duration: content.duration,
        category: content.category,
        lessonsCount: lessons.length,
        students: preview.figures.students,
        rating: preview.figures.rating,
        ratingsCount: preview.figures.ratingsCount,
        progress: progressPercent(0, lessons.length),
        completedLessons: 0,
        myRating: null,
        myReview: null,
        hasAccess: true,
        lastLessonId: null,
        lessons: lessons.map((l) => lessonView(l, token, now)),
      },
    };
  }

  private async quizLesson(token: string, lessonId: number) {
    const preview = await this.previews.open(token);
    const lesson = preview.content.lessons.find((l) => l.id === lessonId && l.published);
    if (!lesson) throw CoursesError.lessonNotFound();
    if (!lesson.quiz) throw LearningError.notAQuiz();
    return { lesson, quiz: lesson.quiz };
  }

  async quiz(token: string, lessonId: number): Promise<LearnerQuiz> {
    const { quiz } = await this.quizLesson(token, lessonId);
    return {
      lessonId,
      quizVersion: 0,
      passMark: quiz.passMark,
      attemptsAllowed: quiz.attemptsAllowed,
      attemptsUsed: 0,
      attemptsLeft: null,
      passed: false,
      bestScore: null,
      questions: questionsForLearner(quiz),
      lastAttempt: null,
    };
  }

  /** Graded against the draft's quiz, answers revealed; nothing is stored. */
  async submit(token: string, lessonId: number, answers: GivenAnswer[], now = new Date()): Promise<QuizSubmission> {
    const { quiz } = await this.quizLesson(token, lessonId);
    const graded = gradeAttempt(quiz, answers);
    return {
      success: true,
      attemptsLeft: null,
      completion: null,
      result: {
        attemptNumber: 1,
        quizVersion: 0,
        score: graded.score,
        passed: graded.passed,
        passMark: quiz.passMark,
        correctCount: graded.correctCount,
        questionCount: quiz.questions.length,
        submittedAt: now.toISOString(),
        questions: questionResults(quiz, graded.answers, graded.results, true),
      },
    };
  }
}
