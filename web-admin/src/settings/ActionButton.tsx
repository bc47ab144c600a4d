import { Button, CircularProgress } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../api';

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
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const result = await run();
      notify(typeof success === 'function' ? success(result) : success, { type: 'success' });
    } catch (error) {
      notify(`${failure}: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" onClick={onClick} disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-hidden /> : icon}>
      {label}
    </Button>
  );
}
