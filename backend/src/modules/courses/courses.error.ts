import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';

export enum CoursesErrorCode {
  CourseNotFound = 'COURSE_NOT_FOUND',
  LessonNotFound = 'LESSON_NOT_FOUND',
  NoLessonFile = 'LESSON_NO_FILE',
  LessonLocked = 'LESSON_LOCKED',
}

/** "2026-12-01 09:00 UTC": when a locked lesson opens, the same in every locale. */
export function opensAtText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export class CoursesError extends ApiError {
  constructor(status: HttpStatus, code: CoursesErrorCode, message: string) {
    super(status, message, { code });
  }

  static courseNotFound(): CoursesError {
    return new CoursesError(HttpStatus.NOT_FOUND, CoursesErrorCode.CourseNotFound, 'Course not found');
  }

  static lessonNotFound(): CoursesError {
    return new CoursesError(HttpStatus.NOT_FOUND, CoursesErrorCode.LessonNotFound, 'Lesson not found in this course');
  }

  /** A dripped lesson that has not opened for this learner yet: nothing of its content is sent. */
  static lessonLocked(opensAt: Date): CoursesError {
    return new CoursesError(HttpStatus.FORBIDDEN, CoursesErrorCode.LessonLocked, `This lesson opens on ${opensAtText(opensAt)}`);
  }

  static noLessonFile(): CoursesError {
    return new CoursesError(HttpStatus.NOT_FOUND, CoursesErrorCode.NoLessonFile, 'This lesson has no file');
  }
}
