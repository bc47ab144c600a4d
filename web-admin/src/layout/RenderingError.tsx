import { Alert, AlertTitle } from '@mui/material';
import type { ErrorProps } from 'react-admin';

/** Shown in place of a section that threw while rendering; moving to another section clears it. */
export function RenderingError({ error }: ErrorProps) {
  return (
    <Alert severity="error" sx={{ m: 2 }} role="alert">
      <AlertTitle>Rendering Error</AlertTitle>
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}
