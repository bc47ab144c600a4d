import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitQuiz } from '../../../api/courses';
import { queryKeys } from '../../../api/queries';
import type { Course, QuizAnswer } from '../../../api/types';

/**
 * Submits a quiz's answers for grading. A pass completes the lesson: the
 * course view takes the new progress at once, then the quiz and the course
 * are read again.
 */
export function useSubmitQuiz(courseId: number, lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuizAnswer[]) => submitQuiz(courseId, lessonId, answers),
    onSuccess: (answer) => {
      const completion = answer.completion;
      if (completion) {
        queryClient.setQueryData<Course>(
          queryKeys.course(courseId),
          (old) =>
            old && {
              ...old,
              progress: completion.progress,
              completedLessons: completion.completedLessons,
              lessons: old.lessons.map((l) => (l.id === lessonId ? { ...l, completed: true } : l)),
            },
        );
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.quiz(courseId, lessonId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.course(courseId) });
    },
  });
}
