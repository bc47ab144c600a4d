import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditingLesson } from '../components/lessons/LessonsEditor';
import { clearDraft, loadDraft, saveDraft, type Draft } from '../components/session/drafts';
import type { CourseContent } from '../api';

/** What the course editor keeps in the browser: the draft while it has unsaved changes, and the lesson open in the dialog. */
export interface KeptEditorDraft {
  course?: CourseContent;
  lesson?: EditingLesson;
}

/**
 * The course editor's safety copy: written as the admin types, removed once
 * everything is saved. A copy left from before (a session that ended, a
 * closed tab) is offered once when the page opens.
 */
export function useKeptDraft(courseId: string | undefined, draft: CourseContent | null, dirty: boolean) {
  const name = `course-edit:${courseId}`;
  const [offer, setOffer] = useState<Draft<KeptEditorDraft> | null>(() => loadDraft<KeptEditorDraft>(name));
  const lesson = useRef<EditingLesson | null>(null);
  const latest = useRef({ draft, dirty, offer });
  latest.current = { draft, dirty, offer };

  const write = useCallback(() => {
    const { draft: course, dirty: changed, offer: pending } = latest.current;
    if ((changed && course) || lesson.current)
      saveDraft<KeptEditorDraft>(name, { course: changed && course ? course : undefined, lesson: lesson.current ?? undefined });
    // Nothing unsaved: drop the copy, unless it is the one still being offered.
    else if (!pending) clearDraft(name);
  }, [name]);

  useEffect(write, [draft, dirty, write]);

  const onEditing = useCallback(
    (editing: EditingLesson | null) => {
      lesson.current = editing;
      write();
    },
    [write],
  );

  const dismiss = useCallback(() => {
    setOffer(null);
    latest.current.offer = null;
    write();
  }, [write]);

  return { offer, onEditing, dismiss };
}
