import { useQuery } from '@tanstack/react-query';
import { quizQuery } from '../../../api/queries';

/** A quiz lesson's questions (their answers stay on the server), its rules and the learner's latest attempt. */
export function useQuiz(courseId: number, lessonId: number) {
  return useQuery(quizQuery(courseId, lessonId));
}
