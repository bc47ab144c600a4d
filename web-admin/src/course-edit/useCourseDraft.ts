import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { answeredByServer, draftApi, errorMessage, queryKeys, type CourseContent, type CourseDraftView, type Lesson } from '../api';

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
 * A course's draft on the course edit page: `GET .../draft` loads it; the
 * edits stay local until Save Course (or autosave) sends the whole draft to
 * `PUT /api/admin/courses/{id}/draft`, never to the published course. `view`
 * is the server's latest answer (status, changes against the published
 * course, schedule); `replace` takes the answer of an action that rewrote the
 * draft (publish, discard, restore) and drops the local edits.
 */
export function useCourseDraft(courseId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.courseDraft(courseId), queryFn: () => draftApi.get(courseId), enabled: Number.isFinite(courseId) });
  const view = query.data;
  const [draft, setDraft] = useState<CourseContent | null>(null);
  const [dirty, setDirtyState] = useState(false);
  const [edits, setEdits] = useState(0);
  const [state, setState] = useState<SaveState>('idle');
  const revision = useRef(0);
  const dirtyRef = useRef(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const inFlight = useRef<Promise<boolean> | null>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const notify = useNotify();

  const setDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  };

  // The server's draft shows until the author changes it; a newer answer (a save, an action) replaces it while nothing is unsaved.
  useEffect(() => {
    if (view && !dirtyRef.current) setDraft(view.draft);
  }, [view]);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const edited = useCallback((next: (current: CourseContent | null) => CourseContent | null) => {
    revision.current += 1;
    setEdits(revision.current);
    setDraft(next);
    dirtyRef.current = true;
    setDirtyState(true);
  }, []);

  const change = useCallback((patch: Partial<CourseContent>) => edited((current) => (current ? { ...current, ...patch } : current)), [edited]);

  /** Unsaved work offered back (from the browser's safety copy) replaces the loaded draft until it is saved. */
  const restore = useCallback((kept: CourseContent) => edited(() => kept), [edited]);

  const replace = useCallback(
    (next: CourseDraftView) => {
      revision.current += 1;
      setEdits(revision.current);
      setDirty(false);
      setDraft(next.draft);
      queryClient.setQueryData(queryKeys.courseDraft(courseId), next);
    },
    [courseId, queryClient],
  );

  const send = useCallback(async (): Promise<boolean> => {
    const current = draftRef.current;
    if (!current) return false;
    const startedAt = revision.current;
    setState('saving');
    try {
      const saved = await draftApi.save(courseId, current);
      queryClient.setQueryData(queryKeys.courseDraft(courseId), saved);
      if (revision.current === startedAt) {
        setDraft(saved.draft);
        setDirty(false);
      } else {
        setDraft((latest) => (latest ? { ...latest, lessons: withCreatedIds(latest.lessons, saved.draft.lessons) } : latest));
      }
      setState('saved');
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setState('idle'), SAVED_FEEDBACK_MS);
      return true;
    } catch (error) {
      setState('idle');
      notify(saveErrorMessage(error), { type: 'error' });
      return false;
    }
  }, [courseId, notify, queryClient]);

  /** Sends the draft now (or joins the save under way); true once the server has it. */
  const save = useCallback((): Promise<boolean> => {
    if (inFlight.current) return inFlight.current;
    const running = send().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = running;
    return running;
  }, [send]);

  /** Before an action on the saved draft (publish, schedule, preview): the unsaved edits reach the server first. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (inFlight.current && !(await inFlight.current)) return false;
    return dirtyRef.current ? save() : true;
  }, [save]);

  /** Before an action that replaces the draft (discard, restore): no save may land after it. */
  const settle = useCallback(async () => {
    await inFlight.current;
  }, []);

  return { query, view, draft, dirty, edits, state, change, save, flush, settle, restore, replace };
}

export type CourseDraftEditor = ReturnType<typeof useCourseDraft>;
