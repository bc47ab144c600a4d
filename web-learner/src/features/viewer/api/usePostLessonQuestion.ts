import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postLessonQuestion } from '../../../api/courses';
import { queryKeys } from '../../../api/queries';

/** Asks a question under a lesson or replies to one; the lesson's questions are read again. */
export function usePostLessonQuestion(courseId: number, lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; parentId?: string }) => postLessonQuestion(courseId, lessonId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lessonQuestions(courseId, lessonId) }),
  });
}
