import { useQuery } from '@tanstack/react-query';
import { fetchQuiz } from '../../../api/courses';
import { fetchPreviewQuiz } from '../../../api/preview';
import { queryKeys } from '../../../api/queries';
import type { CourseSource } from '../courseSource';

/** A quiz lesson's questions (their answers stay on the server), its rules and the learner's latest attempt (none in a preview). */
export function useQuiz(source: CourseSource, lessonId: number) {
  return useQuery({
    queryKey: source.kind === 'preview' ? queryKeys.previewQuiz(source.token, lessonId) : queryKeys.quiz(source.courseId, lessonId),
    queryFn: () => (source.kind === 'preview' ? fetchPreviewQuiz(source.token, lessonId) : fetchQuiz(source.courseId, lessonId)),
  });
}
