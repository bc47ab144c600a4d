import { useQuery } from '@tanstack/react-query';
import { courseQuery } from '../../../api/queries';

/** Whether the route's course id can name a course at all (positive whole numbers). */
export const isCourseId = (courseId: number) => Number.isInteger(courseId) && courseId > 0;

/**
 * The course with its lessons and this learner's progress. It is never
 * fresh (staleTime 0), so it is read again whenever the window regains focus
 * or the tab becomes visible: progress made in another tab shows up.
 */
export function useCourse(courseId: number) {
  return useQuery({ ...courseQuery(courseId), enabled: isCourseId(courseId) });
}
