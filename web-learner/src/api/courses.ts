import { apiRequest } from './client';
import type { CompletionAnswer, Course, CourseSummary, RatingAnswer } from './types';

/** The spec allows a plain list or an object whose courses or data field holds it. */
export async function fetchCourses(): Promise<CourseSummary[]> {
  const body = await apiRequest<CourseSummary[] | { courses?: CourseSummary[]; data?: CourseSummary[] }>('/api/courses');
  if (Array.isArray(body)) return body;
  return body.courses ?? body.data ?? [];
}

export const fetchCourse = (courseId: number) =>
  apiRequest<{ success: boolean; course: Course }>(`/api/courses/${courseId}`).then((r) => r.course);

export const setLessonCompleted = (courseId: number, lessonId: number, completed: boolean) =>
  apiRequest<CompletionAnswer>(`/api/courses/${courseId}/lessons/${lessonId}/complete`, {
    method: completed ? 'POST' : 'DELETE',
    body: completed ? {} : undefined,
  });

export const saveLessonPosition = (courseId: number, lessonId: number, seconds: number) =>
  apiRequest<{ success: boolean }>(`/api/courses/${courseId}/lessons/${lessonId}/position`, { method: 'PUT', body: { seconds } });

export const rateCourse = (courseId: number, stars: number) =>
  apiRequest<RatingAnswer>(`/api/courses/${courseId}/rating`, { method: 'PUT', body: { stars } });
