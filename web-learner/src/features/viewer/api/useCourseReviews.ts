import { useQuery } from '@tanstack/react-query';
import { reviewsQuery } from '../../../api/queries';

/** The newest learners' reviews of a course. */
export function useCourseReviews(courseId: number) {
  return useQuery(reviewsQuery(courseId));
}
