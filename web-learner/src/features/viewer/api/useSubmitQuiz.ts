import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { submitQuiz } from '../../../api/courses';
import { submitPreviewQuiz } from '../../../api/preview';
import { queryKeys } from '../../../api/queries';
import type { Course, QuizAnswer } from '../../../api/types';
import type { CourseSource } from '../courseSource';

/**
 * Submits a quiz's answers for grading. For a learner, a pass completes the
 * lesson: the course view takes the new progress at once, then the quiz and
 * the course are read again. A preview's attempt is graded and forgotten:
 * there is nothing to refresh.
 */
export function useSubmitQuiz(source: CourseSource, lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answers, quizVersion }: { answers: QuizAnswer[]; quizVersion?: number }) =>
      source.kind === 'preview' ? submitPreviewQuiz(source.token, lessonId, answers) : submitQuiz(source.courseId, lessonId, answers, quizVersion),
    onError: (error) => {
      // The author published a new version of the quiz meanwhile: its questions load again (the answers were not recorded).
      if (source.kind === 'course' && error instanceof ApiError && error.code === 'QUIZ_CHANGED') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.quiz(source.courseId, lessonId) });
      }
    },
    onSuccess: (answer) => {
      if (source.kind === 'preview') return;
      const { courseId } = source;
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
