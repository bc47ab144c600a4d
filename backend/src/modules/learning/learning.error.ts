import { HttpStatus } from '@nestjs/common';
import { DomainError, type FieldErrors } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum LearningErrorCode {
  QuizNotPassed = 'QUIZ_NOT_PASSED',
  NotAQuiz = 'NOT_A_QUIZ',
  NoAttemptsLeft = 'QUIZ_NO_ATTEMPTS_LEFT',
  QuizIncomplete = 'QUIZ_INCOMPLETE',
  QuestionNotFound = 'QUESTION_NOT_FOUND',
  TooManyPosts = 'TOO_MANY_POSTS',
  RatingBeforeALesson = 'RATING_BEFORE_A_LESSON',
  QuizChanged = 'QUIZ_CHANGED',
}

export const LEARNING_ERROR_STATUS = registerErrorStatuses<LearningErrorCode>({
  [LearningErrorCode.QuizNotPassed]: HttpStatus.CONFLICT,
  [LearningErrorCode.NotAQuiz]: HttpStatus.NOT_FOUND,
  [LearningErrorCode.NoAttemptsLeft]: HttpStatus.CONFLICT,
  [LearningErrorCode.QuizIncomplete]: HttpStatus.BAD_REQUEST,
  [LearningErrorCode.QuestionNotFound]: HttpStatus.NOT_FOUND,
  [LearningErrorCode.TooManyPosts]: HttpStatus.TOO_MANY_REQUESTS,
  [LearningErrorCode.RatingBeforeALesson]: HttpStatus.FORBIDDEN,
  [LearningErrorCode.QuizChanged]: HttpStatus.CONFLICT,
});

export class LearningError extends DomainError<LearningErrorCode> {
  constructor(code: LearningErrorCode, message: string, errors?: FieldErrors) {
    super(code, message, { errors });
  }

  static quizNotPassed(): LearningError {
    return new LearningError(LearningErrorCode.QuizNotPassed, 'Pass the quiz to complete this lesson');
  }

  /** Answers to a version of the quiz a publish has replaced since the learner opened it: nothing is recorded. */
  static quizChanged(current: number): LearningError {
    return new LearningError(
      LearningErrorCode.QuizChanged,
      `This quiz was updated since you opened it (now version ${current}). Reload it to answer the new questions.`,
    );
  }

  static notAQuiz(): LearningError {
    return new LearningError(LearningErrorCode.NotAQuiz, 'This lesson has no quiz');
  }

  static noAttemptsLeft(allowed: number): LearningError {
    return new LearningError(LearningErrorCode.NoAttemptsLeft, `No attempts left: this quiz allows ${allowed} attempt${allowed === 1 ? '' : 's'}`);
  }

  /** An attempt with unanswered questions is not an attempt: nothing is recorded (field errors `questions.<id>`). */
  static quizIncomplete(unansweredIds: readonly string[], total: number): LearningError {
    const message = `Answer every question before you submit: ${unansweredIds.length} of ${total} ${unansweredIds.length === 1 ? 'is' : 'are'} unanswered`;
    return new LearningError(
      LearningErrorCode.QuizIncomplete,
      message,
      Object.fromEntries(unansweredIds.map((id) => [`questions.${id}`, 'Answer this question'])),
    );
  }

  static questionNotFound(): LearningError {
    return new LearningError(LearningErrorCode.QuestionNotFound, 'Question not found');
  }

  static tooManyPosts(perMinute: number): LearningError {
    return new LearningError(LearningErrorCode.TooManyPosts, `You can post ${perMinute} times a minute. Please wait a moment.`);
  }
}
