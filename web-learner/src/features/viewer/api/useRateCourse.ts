import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateCourse } from '../../../api/courses';
import { queryKeys } from '../../../api/queries';
import type { Course } from '../../../api/types';

/** Rates the course (1 to 5 stars, an optional review); the course, its reviews and the course cards take the new average. */
export function useRateCourse(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stars, review }: { stars: number; review: string }) => rateCourse(courseId, stars, review),
    onSuccess: (answer) => {
      queryClient.setQueryData<Course>(
        queryKeys.course(courseId),
        (old) => old && { ...old, rating: answer.rating, ratingsCount: answer.ratingsCount, myRating: answer.myRating, myReview: answer.myReview },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews(courseId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.courses }),
      ]);
    },
  });
}
