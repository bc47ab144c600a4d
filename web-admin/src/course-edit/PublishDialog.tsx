import {
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { LESSON_CHANGE_LABELS } from './DraftChanges';
import type { CourseChanges, PublishChoice } from '../api';

export type PublishMode = 'now' | 'schedule';

const DETAILS = 'details';

/**
 * What a publish takes: everything chosen = the whole draft (no lessonIds);
 * otherwise the chosen lessons' changes, and the course fields when
 * "Course details" is chosen.
 */
export function publishChoice(changes: CourseChanges, chosen: Set<string>, notify: boolean): PublishChoice {
  const options = publishOptions(changes);
  if (options.every((option) => chosen.has(option.key))) return { notify };
  return {
    lessonIds: changes.lessons.filter((lesson) => chosen.has(String(lesson.lessonId))).map((lesson) => lesson.lessonId),
    details: chosen.has(DETAILS),
    notify,
  };
}

function publishOptions(changes: CourseChanges) {
  return [
    ...(changes.fields.length > 0 ? [{ key: DETAILS, label: 'Course details' }] : []),
    ...changes.lessons.map((lesson) => ({ key: String(lesson.lessonId), label: `${lesson.title} (${LESSON_CHANGE_LABELS[lesson.kind]})` })),
  ];
}

/**
 * Publish now or schedule a publish: the changes to publish (all of them by
 * default), "Notify enrolled learners", and for a schedule the date and time
 * in the site's time zone (sent as typed, YYYY-MM-DDTHH:mm).
 */
export function PublishDialog({
  mode,
  changes,
  timeZone,
  pending,
  onClose,
  onConfirm,
}: {
  mode: PublishMode;
  changes: CourseChanges;
  timeZone: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (choice: PublishChoice, at: string) => void;
}) {
  const options = publishOptions(changes);
  const [chosen, setChosen] = useState(() => new Set(options.map((option) => option.key)));
  const [notify, setNotify] = useState(false);
  const [at, setAt] = useState('');
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const nothingChosen = options.length > 0 && chosen.size === 0;
  const title = mode === 'now' ? 'Publish draft' : 'Schedule publish';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="publish-dialog-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(publishChoice(changes, chosen, notify), at);
        }}
      >
        <DialogTitle id="publish-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          {options.length > 0 ? (
            <FormGroup role="group" aria-labelledby="publish-what">
              <FormLabel id="publish-what">Changes to publish</FormLabel>
              {options.map((option) => (
                <FormControlLabel
                  key={option.key}
                  control={<Checkbox checked={chosen.has(option.key)} onChange={() => toggle(option.key)} />}
                  label={option.label}
                />
              ))}
            </FormGroup>
          ) : (
            <DialogContentText>The draft has no changes against the published course: the course as it is gets published.</DialogContentText>
          )}
          <Divider sx={{ my: 2 }} />
          <FormControlLabel control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />} label="Notify enrolled learners" />
          {mode === 'schedule' && (
            <TextField
              type="datetime-local"
              label="Publish at"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              required
              fullWidth
              sx={{ mt: 2 }}
              helperText={`Time zone: ${timeZone}`}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending || nothingChosen || (mode === 'schedule' && !at)}
            startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {mode === 'now' ? 'Publish now' : 'Schedule publish'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
