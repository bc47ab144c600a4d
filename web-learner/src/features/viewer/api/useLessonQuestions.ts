import { useQuery } from '@tanstack/react-query';
import { lessonQuestionsQuery } from '../../../api/queries';

/** The questions under a lesson, with their replies. */
export function useLessonQuestions(courseId: number, lessonId: number) {
  return useQuery(lessonQuestionsQuery(courseId, lessonId));
}
