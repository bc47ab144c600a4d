import { Alert, Button, Stack } from '@mui/material';
import { formatDateTime } from '../../common/format';

/** Unsaved changes kept (the moment written as every date of the console: its language and the site's time zone, not the browser's locale) from before (a session that ended, a closed tab), offered back once: Restore or Discard. */
export function KeptDraftOffer({ savedAt, onRestore, onDiscard }: { savedAt: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3, width: '100%' }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={onRestore}>
            Restore
          </Button>
        </Stack>
      }
    >
      Unsaved changes from {formatDateTime(savedAt)} were kept in this browser. Restore them?
    </Alert>
  );
}
