import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, Chip, Paper, Stack, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { formatDateTime, useDisplayTimeZone } from '../common/format';
import { statusBadge } from '../components/course/choices';
import { ChangesDialog } from './DraftChanges';
import type { CourseDraftView } from '../api';
import { HistoryDialog } from './HistoryDialog';
import { PublishDialog, type PublishMode } from './PublishDialog';
import type { CourseDraftEditor } from './useCourseDraft';
import { useDraftActions } from './useDraftActions';

function DraftState({ view, onShowChanges }: { view: CourseDraftView; onShowChanges: () => void }) {
  const badge = statusBadge(view.status);
  const differs = view.changes.differs;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" label={badge.label} sx={badge.sx} />
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 600, color: differs ? 'warning.dark' : 'success.dark' }}>
        {differs ? 'Draft differs from published' : 'Up to date'}
      </Typography>
      {view.hasDraft && view.updatedAt && (
        <Typography variant="body2" color="text.secondary">
          Draft saved {formatDateTime(view.updatedAt)}
          {view.updatedBy ? ` by ${view.updatedBy}` : ''}
        </Typography>
      )}
      {view.revision !== null && (
        <Typography variant="body2" color="text.secondary">
          Published revision {view.revision}
        </Typography>
      )}
      <Button size="small" onClick={onShowChanges} disabled={!differs}>
        Changes
      </Button>
    </Box>
  );
}

/**
 * The draft against the published course (status, "Draft differs from
 * published" or "Up to date", the changes, a pending schedule) and the
 * actions: Publish, Schedule, Preview as learner, History, Discard draft.
 */
export function DraftPanel({ courseId, editor, view }: { courseId: number; editor: CourseDraftEditor; view: CourseDraftView }) {
  const actions = useDraftActions(courseId, editor);
  const timeZone = useDisplayTimeZone();
  const [publishing, setPublishing] = useState<PublishMode | null>(null);
  const [showChanges, setShowChanges] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const somethingToPublish = view.changes.differs || editor.dirty || view.status !== 'published';
  // The dialog lists the saved draft's changes: the edits not yet saved go first.
  const openPublish = async (mode: PublishMode) => {
    if (await editor.flush()) setPublishing(mode);
  };
  return (
    <Paper variant="outlined" component="section" aria-label="Draft" sx={{ p: 2 }}>
      <DraftState view={view} onShowChanges={() => setShowChanges(true)} />
      {view.schedule && (
        <Alert
          severity="info"
          icon={<EventIcon />}
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" disabled={actions.cancelSchedule.pending} onClick={actions.cancelSchedule.run}>
              Cancel schedule
            </Button>
          }
        >
          Publish scheduled for {formatDateTime(view.schedule.at)}
          {view.schedule.lessonIds ? ' (chosen changes)' : ''}
          {view.schedule.notify ? ', notifying enrolled learners' : ''}
        </Alert>
      )}
      <Toolbar disableGutters variant="dense" role="toolbar" aria-label="Draft actions" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button variant="contained" startIcon={<PublishIcon />} disabled={!somethingToPublish} onClick={() => openPublish('now')}>
          Publish
        </Button>
        <Button variant="outlined" startIcon={<EventIcon />} disabled={!somethingToPublish} onClick={() => openPublish('schedule')}>
          Schedule
        </Button>
        <Button variant="outlined" startIcon={<VisibilityIcon />} disabled={actions.preview.pending} onClick={actions.preview.run}>
          Preview as learner
        </Button>
        <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setShowHistory(true)}>
          History
        </Button>
        <Stack direction="row" sx={{ ml: 'auto' }}>
          <Button color="error" disabled={(!view.hasDraft && !editor.dirty) || actions.discard.pending} onClick={() => setDiscarding(true)}>
            Discard draft
          </Button>
        </Stack>
      </Toolbar>
      <ChangesDialog open={showChanges} changes={view.changes} onClose={() => setShowChanges(false)} />
      {publishing && (
        <PublishDialog
          mode={publishing}
          changes={view.changes}
          timeZone={timeZone}
          pending={publishing === 'now' ? actions.publish.pending : actions.schedule.pending}
          onClose={() => setPublishing(null)}
          onConfirm={(choice, at) => {
            const done = () => setPublishing(null);
            if (publishing === 'now') actions.publish.run(choice, done);
            else actions.schedule.run(at, choice, done);
          }}
        />
      )}
      {showHistory && (
        <HistoryDialog
          courseId={courseId}
          restoring={actions.restore.pending}
          onRestore={(revision) => actions.restore.run(revision, () => setShowHistory(false))}
          onClose={() => setShowHistory(false)}
        />
      )}
      <Confirm
        isOpen={discarding}
        title="Discard draft"
        content="Every change not yet published is lost, and a scheduled publish is cancelled. The draft becomes the published course again."
        confirm="Discard"
        onClose={() => setDiscarding(false)}
        onConfirm={() => {
          actions.discard.run();
          setDiscarding(false);
        }}
      />
    </Paper>
  );
}
