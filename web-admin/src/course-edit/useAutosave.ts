import { useEffect, useRef } from 'react';

export const AUTOSAVE_INTERVAL_MS = 30_000;
export const AUTOSAVE_QUIET_MS = 2_000;

/**
 * Calls `save` once the edits stop for `quietMs` (so a session that ends
 * finds the draft already saved), and every `intervalMs` while there are
 * unsaved changes and no save is running (long typing, a failed save).
 * `edits` counts the changes: a failed save is not retried before the next
 * change or the next interval.
 */
export function useAutosave({
  dirty,
  saving,
  edits,
  save,
  intervalMs = AUTOSAVE_INTERVAL_MS,
  quietMs = AUTOSAVE_QUIET_MS,
}: {
  dirty: boolean;
  saving: boolean;
  edits: number;
  save: () => unknown;
  intervalMs?: number;
  quietMs?: number;
}) {
  const latest = useRef({ dirty, saving, edits, save });
  latest.current = { dirty, saving, edits, save };
  const attempted = useRef(edits);

  // Any save (Save Course, a tick) covers the edits made before it started.
  useEffect(() => {
    if (saving) attempted.current = latest.current.edits;
  }, [saving]);

  useEffect(() => {
    if (!dirty || saving || attempted.current === edits) return;
    const timer = setTimeout(() => latest.current.save(), quietMs);
    return () => clearTimeout(timer);
  }, [dirty, saving, edits, quietMs]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.dirty && !latest.current.saving) latest.current.save();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
