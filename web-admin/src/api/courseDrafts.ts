import type { ApiBody, Schemas } from '../../../backend/openapi';
import { api } from './http';
import type { Lesson } from './types';

/** A course's editable content: its fields and its lessons, as the editor holds them (a new lesson has no id until the draft is saved). */
export type CourseContent = Omit<Schemas['CourseContentView'], 'lessons'> & { lessons: Lesson[] };
export type FieldChange = Schemas['FieldChangeView'];
export type TextDiffPart = Schemas['TextDiffPartView'];
export type LessonChangeKind = Schemas['LessonChangeKind'];
export type LessonChange = Schemas['LessonChangeView'];
export type CourseChanges = Schemas['CourseChangesView'];
export type PublishScheduleView = Schemas['PublishScheduleView'];
/** The draft against the published course; its draft and published content as the editor holds them. */
export type CourseDraftView = Omit<Schemas['CourseDraftView'], 'draft' | 'published'> & { draft: CourseContent; published: CourseContent };
export type RevisionSource = Schemas['RevisionSource'];
export type RevisionView = Schemas['RevisionView'];
/** What a publish takes: nothing = the whole draft; lessonIds = only those lessons, with the course fields when `details`. */
export type PublishChoice = Schemas['PublishOptionsDto'];

type DraftBody = ApiBody<'put', '/api/admin/courses/{id}/draft'>;

/** The draft as the server takes it: the course fields and the whole lesson list (a lesson without an id is new). */
function draftBody({ title, description, instructor, thumbnail, duration, category, price, totalLessons, lessons }: CourseContent): DraftBody {
  return { title, description, instructor, thumbnail, duration, category, price, totalLessons, lessons };
}

/**
 * A course's draft, publishing (now, chosen changes, scheduled in the site's
 * time zone), revisions and the learner preview link. The console's editor
 * writes only here; `PUT /api/admin/courses/{id}` changes the published course.
 */
export const draftApi = {
  get: (id: number): Promise<CourseDraftView> => api('get', '/api/admin/courses/{id}/draft', { path: { id } }),
  save: (id: number, draft: CourseContent): Promise<CourseDraftView> => api('put', '/api/admin/courses/{id}/draft', { path: { id }, body: draftBody(draft) }),
  discard: (id: number): Promise<CourseDraftView> => api('delete', '/api/admin/courses/{id}/draft', { path: { id } }),
  publish: (id: number, choice: PublishChoice): Promise<{ revision: RevisionView; draft: CourseDraftView }> =>
    api('post', '/api/admin/courses/{id}/publish', { path: { id }, body: choice }),
  /** `at`: YYYY-MM-DDTHH:mm in the site's time zone. */
  schedule: (id: number, at: string, choice: PublishChoice) =>
    api('post', '/api/admin/courses/{id}/publish-schedule', { path: { id }, body: { at, ...choice } }),
  cancelSchedule: (id: number): Promise<CourseDraftView> => api('delete', '/api/admin/courses/{id}/publish-schedule', { path: { id } }),
  revisions: (id: number) => api('get', '/api/admin/courses/{id}/revisions', { path: { id } }),
  restore: (id: number, revision: number): Promise<CourseDraftView> =>
    api('post', '/api/admin/courses/{id}/revisions/{number}/restore', { path: { id, number: revision } }),
  previewLink: (id: number) => api('post', '/api/admin/courses/{id}/preview-link', { path: { id } }),
};
