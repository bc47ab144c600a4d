import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { errorMessage } from '../api';

/** Loading and error states of one server read, with a retry; children render once there is data. */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }} role="status">
        <CircularProgress size={18} aria-hidden />
        <Typography variant="body2">Loading {label}...</Typography>
      </Box>
    );
  if (query.error || query.data === undefined)
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load {label}: {errorMessage(query.error)}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
