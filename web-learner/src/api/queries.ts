import { queryOptions } from '@tanstack/react-query';
import { fetchMe } from './auth';
import { fetchCourse, fetchCourses } from './courses';
import { fetchPublicConfig } from './site';

/** Query keys shared by the features that read or invalidate the same server state. */
export const queryKeys = {
  publicConfig: ['public-config'] as const,
  me: ['me'] as const,
  courses: ['courses'] as const,
  course: (courseId: number) => ['course', courseId] as const,
  notifications: ['notifications'] as const,
};

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: fetchPublicConfig,
  staleTime: 5 * 60_000,
});

export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 5 * 60_000 });

export const coursesQuery = queryOptions({ queryKey: queryKeys.courses, queryFn: fetchCourses });

export const courseQuery = (courseId: number) =>
  queryOptions({ queryKey: queryKeys.course(courseId), queryFn: () => fetchCourse(courseId), staleTime: 0 });
