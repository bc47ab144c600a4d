import type { Course, CourseSummary } from '../../../api/types';

/** A catalogue course as the API answers it, with the fields a test cares about. */
export const aCourseSummary = (fields: Pick<CourseSummary, 'id' | 'title'> & Partial<CourseSummary>): CourseSummary => ({
  description: '',
  instructor: 'Affiliate Academy',
  thumbnail: '',
  duration: '1h',
  category: 'Marketing',
  lessonsCount: 0,
  students: 0,
  rating: 0,
  ratingsCount: 0,
  progress: 0,
  completedLessons: 0,
  myRating: null,
  ...fields,
});

/** A course with its lessons as the viewer gets it. */
export const aCourse = (fields: Pick<Course, 'id' | 'title' | 'lessons'> & Partial<Course>): Course => ({
  ...aCourseSummary({ id: fields.id, title: fields.title, lessonsCount: fields.lessons.length }),
  hasAccess: true,
  myReview: null,
  lastLessonId: null,
  ...fields,
});
