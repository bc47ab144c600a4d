import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setLessonCompleted } from '../../../api/courses';
import { queryKeys } from '../../../api/queries';
import type { Course } from '../../../api/types';

export interface LessonCompletion {
  lessonId: number;
  completed: boolean;
}

/**
 * Marks a lesson of the course completed or not. The tick changes at once
 * (and comes back if the server refuses); the server's answer sets the
 * course's progress, and the course list is refreshed for its progress bars.
 */
export function useToggleLessonCompleted(courseId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.course(courseId);
  return useMutation({
    mutationFn: ({ lessonId, completed }: LessonCompletion) => setLessonCompleted(courseId, lessonId, completed),
    onMutate: async ({ lessonId, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Course>(key);
      queryClient.setQueryData<Course>(key, (old) => old && { ...old, lessons: old.lessons.map((l) => (l.id === lessonId ? { ...l, completed } : l)) });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Course>(key, (old) => old && { ...old, progress: answer.progress, completedLessons: answer.completedLessons });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.courses }),
  });
}
