import { useQuery } from '@tanstack/react-query';
import { coursesQuery } from '../../../api/queries';

/** The published courses with this learner's progress (refreshed when a lesson is ticked in the viewer). */
export function useCourses() {
  return useQuery(coursesQuery);
}
