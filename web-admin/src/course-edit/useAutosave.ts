import { useEffect, useRef } from 'react';

export const AUTOSAVE_INTERVAL_MS = 30_000;

/** Calls `save` every `intervalMs` while there are unsaved changes and no save is running. */
export function useAutosave({
  dirty,
  saving,
  save,
  intervalMs = AUTOSAVE_INTERVAL_MS,
}: {
  dirty: boolean;
  saving: boolean;
  save: () => unknown;
  intervalMs?: number;
}) {
  const latest = useRef({ dirty, saving, save });
  latest.current = { dirty, saving, save };
  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.dirty && !latest.current.saving) latest.current.save();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
