/**
 * Where the viewer's course comes from, and so what it may record: a
 * learner's own course (GET /api/courses/{id}: progress, the resume point,
 * quiz attempts, ratings and questions are saved), or an author's preview of
 * the course's draft through a signed link (GET /api/preview/{token}:
 * read-only, quizzes graded but not recorded). The viewer's data hooks take
 * it and call the matching routes.
 */
export type CourseSource = { kind: 'course'; courseId: number } | { kind: 'preview'; token: string };

/** Whether what the viewer does is saved for a learner (never in a preview). */
export const recordsProgress = (source: CourseSource): source is Extract<CourseSource, { kind: 'course' }> => source.kind === 'course';
