import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';

export enum LearningErrorCode {
  QuizNotPassed = 'QUIZ_NOT_PASSED',
  NotAQuiz = 'NOT_A_QUIZ',
  NoAttemptsLeft = 'QUIZ_NO_ATTEMPTS_LEFT',
}

export class LearningError extends ApiError {
  constructor(status: HttpStatus, code: LearningErrorCode, message: string) {
    super(status, message, { code });
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
}
