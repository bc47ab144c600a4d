import { Button, CircularProgress } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../api';

/**
 * A settings action that calls the server: the spec's success text only
 * when the call succeeded, otherwise the server's own error.
 */
export function ActionButton({
  label,
  icon,
  success,
  failure,
  run,
}: {
  label: string;
  icon: ReactNode;
  success: string;
  failure: string;
  run: () => Promise<unknown>;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await run();
      notify(success, { type: 'success' });
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
