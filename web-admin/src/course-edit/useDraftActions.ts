import { useQueryClient } from '@tanstack/react-query';
import { useConsoleAction } from '../common/useConsoleAction';
import { formatDateTime } from '../common/format';
import { draftApi, queryKeys, type CourseDraftView, type PublishChoice } from '../api';
import type { CourseDraftEditor } from './useCourseDraft';

/** The draft could not be saved before an action that needs it (the save has said why). */
class DraftNotSaved extends Error {
  constructor() {
    super('the draft could not be saved');
  }
}

/**
 * The editor's actions on the saved draft: publish (whole or chosen
 * changes), schedule and cancel a publish, discard, restore a revision, and
 * the learner preview. Unsaved edits are saved first; an action that replaces
 * the draft waits for a save under way so that save cannot land after it.
 */
export function useDraftActions(courseId: number, editor: CourseDraftEditor) {
  const queryClient = useQueryClient();
  const history = queryKeys.courseRevisions(courseId);
  const courses = ['courses'] as const;
  const mergeView = (patch: Partial<CourseDraftView>) =>
    queryClient.setQueryData<CourseDraftView>(queryKeys.courseDraft(courseId), (view) => (view ? { ...view, ...patch } : view));
  const saved = async () => {
    if (!(await editor.flush())) throw new DraftNotSaved();
  };

  const publish = useConsoleAction(
    async (choice: PublishChoice) => {
      await saved();
      return draftApi.publish(courseId, choice);
    },
    { success: (result) => `Published: revision ${result.revision.number}`, failure: 'Could not publish', refresh: false, invalidate: [history, courses] },
  );
  const schedule = useConsoleAction(
    async ({ at, choice }: { at: string; choice: PublishChoice }) => {
      await saved();
      return draftApi.schedule(courseId, at, choice);
    },
    { success: (result) => `Publish scheduled for ${formatDateTime(result.at)}`, failure: 'Could not schedule the publish', refresh: false },
  );
  const cancelSchedule = useConsoleAction(() => draftApi.cancelSchedule(courseId), {
    success: 'Scheduled publish cancelled',
    failure: 'Could not cancel the scheduled publish',
    refresh: false,
  });
  const discard = useConsoleAction(
    async () => {
      await editor.settle();
      return draftApi.discard(courseId);
    },
    { success: 'Draft discarded', failure: 'Could not discard the draft', refresh: false },
  );
  const restore = useConsoleAction(
    async (revision: number) => {
      await editor.settle();
      return draftApi.restore(courseId, revision);
    },
    {
      success: (_view, revision) => `Revision ${revision} restored as the draft`,
      failure: 'Could not restore the revision',
      refresh: false,
      invalidate: [history],
    },
  );
  const preview = useConsoleAction(
    async (tab: Window | null) => {
      try {
        await saved();
        const link = await draftApi.previewLink(courseId);
        if (tab) tab.location.href = link.url;
        else window.open(link.url, '_blank');
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    { failure: 'Could not open the preview', refresh: false },
  );

  const replaced = (onDone?: () => void) => (view: CourseDraftView) => {
    editor.replace(view);
    onDone?.();
  };

  return {
    publish: {
      pending: publish.isPending,
      run: (choice: PublishChoice, onDone: () => void) => publish.mutate(choice, { onSuccess: (result) => replaced(onDone)(result.draft) }),
    },
    schedule: {
      pending: schedule.isPending,
      run: (at: string, choice: PublishChoice, onDone: () => void) =>
        schedule.mutate(
          { at, choice },
          {
            onSuccess: (result) => {
              mergeView({ schedule: result });
              onDone();
            },
          },
        ),
    },
    cancelSchedule: { pending: cancelSchedule.isPending, run: () => cancelSchedule.mutate(undefined, { onSuccess: mergeView }) },
    discard: { pending: discard.isPending, run: () => discard.mutate(undefined, { onSuccess: replaced() }) },
    restore: { pending: restore.isPending, run: (revision: number, onDone: () => void) => restore.mutate(revision, { onSuccess: replaced(onDone) }) },
    /** Opens the tab at once (a tab opened after the server's answer would be blocked as a pop-up), then sends it to the preview. */
    preview: {
      pending: preview.isPending,
      run: () => {
        const tab = window.open('', '_blank');
        if (tab) tab.opener = null;
        preview.mutate(tab);
      },
    },
  };
}
