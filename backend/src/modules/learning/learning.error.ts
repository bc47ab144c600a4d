import { HttpStatus } from '@nestjs/common';
import { ApiError, type FieldErrors } from '../../common/errors/api-error';

export enum LearningErrorCode {
  QuizNotPassed = 'QUIZ_NOT_PASSED',
  NotAQuiz = 'NOT_A_QUIZ',
  NoAttemptsLeft = 'QUIZ_NO_ATTEMPTS_LEFT',
  QuizIncomplete = 'QUIZ_INCOMPLETE',
}

export class LearningError extends ApiError {
  constructor(status: HttpStatus, code: LearningErrorCode, message: string, errors?: FieldErrors) {
    super(status, message, { code, errors });
  }

  static quizNotPassed(): LearningError {
    return new LearningError(HttpStatus.CONFLICT, LearningErrorCode.QuizNotPassed, 'Pass the quiz to complete this lesson');
  }

  static notAQuiz(): LearningError {
    return new LearningError(HttpStatus.NOT_FOUND, LearningErrorCode.NotAQuiz, 'This lesson has no quiz');
  }

  static noAttemptsLeft(allowed: number): LearningError {
    return new LearningError(
      HttpStatus.CONFLICT,
      LearningErrorCode.NoAttemptsLeft,
      `No attempts left: this quiz allows ${allowed} attempt${allowed === 1 ? '' : 's'}`,
    );
  }

  /** An attempt with unanswered questions is not an attempt: nothing is recorded (field errors `questions.<id>`). */
  static quizIncomplete(unansweredIds: readonly string[], total: number): LearningError {
    const message = `Answer every question before you submit: ${unansweredIds.length} of ${total} ${unansweredIds.length === 1 ? 'is' : 'are'} unanswered`;
    return new LearningError(
      HttpStatus.BAD_REQUEST,
      LearningErrorCode.QuizIncomplete,
      message,
      Object.fromEntries(unansweredIds.map((id) => [`questions.${id}`, 'Answer this question'])),
    );
  }
}
