import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { CourseChanges, FieldChange, LessonChange, LessonChangeKind, TextDiffPart } from '../api';

export const LESSON_CHANGE_LABELS: Record<LessonChangeKind, string> = { added: 'New', changed: 'Changed', removed: 'Removed', moved: 'Moved' };
const LESSON_CHANGE_COLORS = { added: 'success', changed: 'warning', removed: 'error', moved: 'info' } as const;

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  instructor: 'Instructor',
  thumbnail: 'Thumbnail',
  duration: 'Duration',
  category: 'Category',
  price: 'Price',
  totalLessons: 'Total lessons',
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

/** How a lesson of the draft differs from the published course: New, Changed, Removed or Moved. */
export function LessonChangeChip({ change }: { change: Pick<LessonChange, 'kind'> }) {
  return <Chip component="span" size="small" label={LESSON_CHANGE_LABELS[change.kind]} color={LESSON_CHANGE_COLORS[change.kind]} />;
}

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '(empty)' : String(value));

function FieldChangeRow({ change }: { change: FieldChange }) {
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={fieldLabel(change.field)}
        secondary={
          <>
            <Box component="del" sx={{ color: 'error.main' }}>
              {shown(change.before)}
            </Box>
            {' → '}
            <Box component="ins" sx={{ color: 'success.main', textDecoration: 'none' }}>
              {shown(change.after)}
            </Box>
          </>
        }
      />
    </ListItem>
  );
}

/** A lesson's content as a word diff: added words in green (<ins>), removed ones struck through in red (<del>). */
export function ContentDiff({ parts }: { parts: TextDiffPart[] }) {
  return (
    <Box role="group" aria-label="Content changes" sx={{ mt: 1, p: 1.5, bgcolor: 'grey.50', borderRadius: 1, whiteSpace: 'pre-wrap', typography: 'body2' }}>
      {parts.map((part, i) =>
        part.op === 'added' ? (
          <Box key={i} component="ins" sx={{ bgcolor: '#dcfce7', color: '#166534', textDecoration: 'none' }}>
            {part.text}
          </Box>
        ) : part.op === 'removed' ? (
          <Box key={i} component="del" sx={{ bgcolor: '#fee2e2', color: '#991b1b' }}>
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Box>
  );
}

function lessonSummary(change: LessonChange): string {
  const moved = change.fromOrder !== null && change.toOrder !== null && change.fromOrder !== change.toOrder;
  const parts = [];
  if (change.kind === 'changed') parts.push(`Changed: ${change.fields.filter((f) => f !== 'order').join(', ')}`);
  if (moved) parts.push(`Moved from position ${change.fromOrder} to ${change.toOrder}`);
  return parts.join(' · ');
}

function LessonChangeRow({ change }: { change: LessonChange }) {
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <LessonChangeChip change={change} />
        <Typography component="span">{change.title}</Typography>
      </Box>
      {lessonSummary(change) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {lessonSummary(change)}
        </Typography>
      )}
      {change.contentDiff && <ContentDiff parts={change.contentDiff} />}
    </ListItem>
  );
}

/** What the draft changes against the published course: the course fields (before → after) and the lessons. */
export function ChangesList({ changes }: { changes: CourseChanges }) {
  if (!changes.differs) return <Typography color="text.secondary">The draft is the same as the published course.</Typography>;
  return (
    <>
      {changes.fields.length > 0 && (
        <Box component="section" aria-label="Course details changes">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Course details
          </Typography>
          <List dense>
            {changes.fields.map((change) => (
              <FieldChangeRow key={change.field} change={change} />
            ))}
          </List>
        </Box>
      )}
      {changes.lessons.length > 0 && (
        <Box component="section" aria-label="Lesson changes">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Lessons
          </Typography>
          <List dense>
            {changes.lessons.map((change) => (
              <LessonChangeRow key={change.lessonId} change={change} />
            ))}
          </List>
        </Box>
      )}
    </>
  );
}

export function ChangesDialog({ open, changes, onClose }: { open: boolean; changes: CourseChanges; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="draft-changes-title">
      <DialogTitle id="draft-changes-title">Changes</DialogTitle>
      <DialogContent dividers>
        <ChangesList changes={changes} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
