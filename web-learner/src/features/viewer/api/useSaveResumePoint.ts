import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { saveLessonPosition } from '../../../api/courses';
import { queryKeys } from '../../../api/queries';
import type { Course, Lesson } from '../../../api/types';

/**
 * The server remembers the lesson last opened (resume), keeping a video's
 * saved position: each lesson the learner opens is saved once, unless it is
 * already the remembered one or the learner has no access. Nothing is saved
 * when `enabled` is false (a preview records nothing).
 */
export function useSaveResumePoint(course: Course, lesson: Lesson | null, enabled: boolean) {
  const queryClient = useQueryClient();
  const { mutate: save } = useMutation({
    mutationFn: ({ courseId, lessonId, seconds }: { courseId: number; lessonId: number; seconds: number }) => saveLessonPosition(courseId, lessonId, seconds),
    onSuccess: (_answer, { courseId, lessonId }) =>
      queryClient.setQueryData<Course>(queryKeys.course(courseId), (old) => old && { ...old, lastLessonId: lessonId }),
    onError: (error) => console.warn('Could not save the resume point', error),
  });

  const saved = useRef<number | null>(null);
  const tracksResume = 'lastLessonId' in course;
  const lessonId = lesson?.id;
  const seconds = lesson?.positionSeconds ?? 0;
  const locked = lesson?.locked === true;
  useEffect(() => {
    if (!enabled || lessonId === undefined || locked || !tracksResume || course.hasAccess === false) return;
    if (lessonId === course.lastLessonId || lessonId === saved.current) return;
    saved.current = lessonId;
    save({ courseId: course.id, lessonId, seconds });
  }, [enabled, course.id, course.lastLessonId, course.hasAccess, lessonId, locked, seconds, tracksResume, save]);
}
