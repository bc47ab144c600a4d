import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { formatDateTime } from '../common/format';
import { draftApi, errorMessage, queryKeys, type RevisionSource, type RevisionView } from '../api';

const SOURCE_LABELS: Record<RevisionSource, string> = {
  publish: 'Published',
  schedule: 'Scheduled publish',
  direct: 'Saved outside the editor',
  baseline: 'First version',
};

function RevisionRow({ revision, onRestore }: { revision: RevisionView; onRestore: () => void }) {
  return (
    <ListItem
      divider
      secondaryAction={
        <Button size="small" onClick={onRestore} aria-describedby={`revision-${revision.number}`}>
          Restore as draft
        </Button>
      }
      sx={{ pr: 20 }}
    >
      <ListItemText
        id={`revision-${revision.number}`}
        primary={`Revision ${revision.number} · ${SOURCE_LABELS[revision.source]}`}
        secondary={
          <>
            {formatDateTime(revision.createdAt)} · {revision.author ?? 'System'}
            <br />
            {revision.summary}
          </>
        }
      />
    </ListItem>
  );
}

/** The course's revisions, newest first (number, time, author, summary); any of them can become the draft again, after a confirmation. */
export function HistoryDialog({
  courseId,
  restoring,
  onRestore,
  onClose,
}: {
  courseId: number;
  restoring: boolean;
  onRestore: (revision: number) => void;
  onClose: () => void;
}) {
  const { data, isPending, error } = useQuery({ queryKey: queryKeys.courseRevisions(courseId), queryFn: () => draftApi.revisions(courseId) });
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="history-dialog-title">
      <DialogTitle id="history-dialog-title">History</DialogTitle>
      <DialogContent dividers>
        {isPending && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden /> Loading revisions...
          </Box>
        )}
        {error ? <Alert severity="error">Could not load the history: {errorMessage(error)}</Alert> : null}
        {data && data.length === 0 && <Alert severity="info">No revisions yet: the first publish records one.</Alert>}
        {data && data.length > 0 && (
          <List aria-label="Revisions">
            {data.map((revision) => (
              <RevisionRow key={revision.number} revision={revision} onRestore={() => setChosen(revision.number)} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <Confirm
        isOpen={chosen !== null}
        loading={restoring}
        title={`Restore revision ${chosen} as draft`}
        content="The draft becomes this revision; changes not yet published are replaced. Learners see nothing until you publish."
        confirm="Restore"
        onClose={() => setChosen(null)}
        onConfirm={() => {
          if (chosen !== null) onRestore(chosen);
          setChosen(null);
        }}
      />
    </Dialog>
  );
}
