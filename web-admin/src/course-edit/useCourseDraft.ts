import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { answeredByServer, errorMessage, type Course, type Lesson } from '../api';

export const SAVED_FEEDBACK_MS = 2_000;

export type SaveState = 'idle' | 'saving' | 'saved';

/** The message for a failed save: the server's reason, or a retry hint when the server was not reached. */
export function saveErrorMessage(error: unknown): string {
  if (answeredByServer(error)) return `Error saving course: ${errorMessage(error)}`;
  return 'Error saving course. Please try again.';
}

/** Lessons created by the save get their new ids, for the lessons edited meanwhile too. */
function withCreatedIds(draft: Lesson[], saved: Lesson[]): Lesson[] {
  const used = new Set(draft.map((l) => l.id).filter(Boolean));
  return draft.map((lesson) => {
    if (lesson.id) return lesson;
    const match = saved.find((s) => s.id && !used.has(s.id) && s.order === lesson.order && s.title === lesson.title);
    if (!match) return lesson;
    used.add(match.id);
    return { ...lesson, id: match.id };
  });
}

/**
 * The course being edited on the course edit page: local changes until Save
 * Course (or autosave) sends the whole record with its lessons to
 * `PUT /api/admin/courses/{id}`.
 */
export function useCourseDraft(course: Course | undefined) {
  const [draft, setDraft] = useState<Course | null>(null);
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<SaveState>('idle');
  const revision = useRef(0);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [update] = useUpdate<Course>();
  const notify = useNotify();

  useEffect(() => {
    if (course && !draft) setDraft(course);
  }, [course, draft]);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const change = useCallback((patch: Partial<Course>) => {
    revision.current += 1;
    setDraft((current) => (current ? { ...current, ...patch } : current));
    setDirty(true);
  }, []);

  /** Unsaved work offered back (from the browser's safety copy) replaces the loaded course until it is saved. */
  const restore = useCallback((kept: Course) => {
    revision.current += 1;
    setDraft(kept);
    setDirty(true);
  }, []);

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const saving = useRef(false);

  const save = useCallback(async () => {
    const current = draftRef.current;
    if (!current || saving.current) return;
    saving.current = true;
    const startedAt = revision.current;
    setState('saving');
    try {
      const saved = (await update(
        'courses',
        { id: current.id, data: current, previousData: course },
        { mutationMode: 'pessimistic', returnPromise: true },
      )) as Course;
      if (revision.current === startedAt) {
        setDraft(saved);
        setDirty(false);
      } else {
        setDraft((latest) => (latest ? { ...latest, lessons: withCreatedIds(latest.lessons, saved.lessons ?? []) } : latest));
      }
      setState('saved');
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setState('idle'), SAVED_FEEDBACK_MS);
    } catch (error) {
      setState('idle');
      notify(saveErrorMessage(error), { type: 'error' });
    } finally {
      saving.current = false;
    }
  }, [course, notify, update]);

  return { draft, dirty, state, change, save, restore };
}
