import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum CoursesErrorCode {
  CourseNotFound = 'COURSE_NOT_FOUND',
  LessonNotFound = 'LESSON_NOT_FOUND',
  NoLessonFile = 'LESSON_NO_FILE',
  LessonLocked = 'LESSON_LOCKED',
}

export const COURSES_ERROR_STATUS = registerErrorStatuses<CoursesErrorCode>({
  [CoursesErrorCode.CourseNotFound]: HttpStatus.NOT_FOUND,
  [CoursesErrorCode.LessonNotFound]: HttpStatus.NOT_FOUND,
  [CoursesErrorCode.NoLessonFile]: HttpStatus.NOT_FOUND,
  [CoursesErrorCode.LessonLocked]: HttpStatus.FORBIDDEN,
});

/** "2026-12-01 09:00 UTC": when a locked lesson opens, the same in every locale. */
export function opensAtText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export class CoursesError extends DomainError<CoursesErrorCode> {
  static courseNotFound(): CoursesError {
    return new CoursesError(CoursesErrorCode.CourseNotFound, 'Course not found');
  }

  static lessonNotFound(): CoursesError {
    return new CoursesError(CoursesErrorCode.LessonNotFound, 'Lesson not found in this course');
  }

  /** A dripped lesson that has not opened for this learner yet: nothing of its content is sent. */
  static lessonLocked(opensAt: Date): CoursesError {
    return new CoursesError(CoursesErrorCode.LessonLocked, `This lesson opens on ${opensAtText(opensAt)}`);
  }

  static noLessonFile(): CoursesError {
    return new CoursesError(CoursesErrorCode.NoLessonFile, 'This lesson has no file');
  }
}
