import { Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useConsoleAction } from '../common/useConsoleAction';

/**
 * A settings action that calls the server: the success text only when the
 * action succeeded (it may say what was done), otherwise the server's own error.
 */
export function ActionButton<T>({
  label,
  icon,
  success,
  failure,
  run,
}: {
  label: string;
  icon: ReactNode;
  success: string | ((result: T) => string);
  failure: string;
  run: () => Promise<T>;
}) {
  const action = useConsoleAction((_: void) => run(), { success, failure, refresh: false });
  const busy = action.isPending;
  return (
    <Button variant="outlined" onClick={() => action.mutate()} disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-hidden /> : icon}>
      {label}
    </Button>
  );
}
