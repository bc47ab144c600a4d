import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  AppBar,
  Box,
  Button,
  CircularProgress,
  Container,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, type CourseContent, type Lesson } from '../api';
import { usePageTitle } from '../layout/usePageTitle';
import { LessonPreview } from '../components/lessons/LessonPreview';
import type { EditingLesson } from '../components/lessons/LessonsEditor';
import { byOrder } from '../components/lessons/lessonRules';
import { SessionWatch } from '../components/session/SessionWatch';
import { KeptDraftOffer } from '../components/session/KeptDraftOffer';
import { CourseDetailsForm } from './CourseDetailsForm';
import { DraftPanel } from './DraftPanel';
import { LessonOutline } from './LessonOutline';
import { useAutosave } from './useAutosave';
import { useCourseDraft, type SaveState } from './useCourseDraft';
import { useKeptDraft, type KeptEditorDraft } from './useKeptDraft';
import { useLeaveWarning } from './useLeaveWarning';

const SAVE_LABELS: Record<SaveState, string> = { idle: 'Save Course', saving: 'Saving...', saved: 'Saved!' };

function CoursePreview({ course }: { course: CourseContent }) {
  const lessons = byOrder(course.lessons);
  const [selected, setSelected] = useState(0);
  const lesson: Lesson | undefined = lessons[Math.min(selected, lessons.length - 1)];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, gap: 2 }}>
      <Paper variant="outlined">
        <Typography component="h2" variant="subtitle1" sx={{ p: 2, pb: 0, fontWeight: 600 }}>
          {course.title}
        </Typography>
        <List aria-label="Lessons">
          {lessons.map((l, i) => (
            <ListItemButton key={l.id ?? `new-${i}`} selected={l === lesson} onClick={() => setSelected(i)}>
              <ListItemText primary={`${l.order}. ${l.title}`} secondary={l.duration} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {lesson ? <LessonPreview lesson={lesson} /> : <Typography color="text.secondary">This course has no lessons yet</Typography>}
      </Paper>
    </Box>
  );
}

/**
 * /admin/course/{courseId}/edit, the console's one course editor (the
 * courses resource's edit leads here too, and the learner app's "edit
 * course"): edit or preview the course's draft and its lessons. Save Course,
 * a save 2 seconds after the edits stop and every 30 seconds while there are
 * unsaved changes send the draft, never the published course; the draft
 * panel compares it with the published course and publishes, schedules,
 * previews, discards or restores. Unsaved work is kept in the browser and
 * offered back; back goes to the course's page in the console.
 */
export default function CourseEditPage() {
  const { courseId } = useParams();
  const editor = useCourseDraft(Number(courseId));
  const { query, view, draft, dirty, edits, state, change, save, restore } = editor;
  const kept = useKeptDraft(courseId, draft, dirty);
  const [resume, setResume] = useState<{ key: number; lesson: EditingLesson | null }>({ key: 0, lesson: null });
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  usePageTitle(view?.published.title ? `Edit: ${view.published.title}` : 'Course editor');
  const restoreKept = (value: KeptEditorDraft) => {
    if (value.course) restore(value.course);
    kept.dismiss();
    if (value.lesson) {
      kept.onEditing(value.lesson);
      setMode('edit');
      setResume((r) => ({ key: r.key + 1, lesson: value.lesson ?? null }));
    }
  };
  useAutosave({ dirty, saving: state === 'saving', edits, save });
  const blocker = useLeaveWarning(dirty);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <SessionWatch />
      <AppBar position="sticky" color="secondary">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <Button color="inherit" component={RouterLink} to={`/courses/${courseId}/show`} startIcon={<ArrowBackIcon />}>
            Back to course
          </Button>
          <Typography component="h1" variant="h6" sx={{ flex: 1, minWidth: 160 }} noWrap>
            {draft ? `Edit: ${draft.title}` : 'Course editor'}
          </Typography>
          {dirty && state !== 'saving' && (
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              Unsaved changes
            </Typography>
          )}
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_e, value) => value && setMode(value)}
            aria-label="Mode"
            sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
          >
            <ToggleButton value="edit">Edit Mode</ToggleButton>
            <ToggleButton value="preview">Preview Mode</ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="contained"
            color={state === 'saved' ? 'success' : 'primary'}
            startIcon={state === 'saving' ? <CircularProgress size={16} color="inherit" aria-hidden /> : state === 'saved' ? <CheckIcon /> : <SaveIcon />}
            onClick={() => save()}
            disabled={!draft || state === 'saving'}
          >
            {SAVE_LABELS[state]}
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="lg" component="main" sx={{ py: 3 }}>
        {query.isPending && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden /> Loading course...
          </Box>
        )}
        {query.error ? <Alert severity="error">Could not load the course: {errorMessage(query.error)}</Alert> : null}
        {draft && kept.offer && (
          <KeptDraftOffer savedAt={kept.offer.savedAt} onRestore={() => kept.offer && restoreKept(kept.offer.value)} onDiscard={kept.dismiss} />
        )}
        {draft && view && (
          <Stack spacing={3}>
            <DraftPanel courseId={view.courseId} editor={editor} view={view} />
            {mode === 'edit' ? (
              <>
                <CourseDetailsForm course={draft} onChange={change} />
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <LessonOutline
                    key={resume.key}
                    resume={resume.lesson}
                    onEditing={kept.onEditing}
                    lessons={draft.lessons ?? []}
                    changes={view.changes}
                    onChange={(lessons) => change({ lessons })}
                  />
                </Paper>
              </>
            ) : (
              <CoursePreview course={draft} />
            )}
          </Stack>
        )}
      </Container>
      <Confirm
        isOpen={blocker.state === 'blocked'}
        title="Unsaved changes"
        content="You have unsaved changes. Leave this page and lose them?"
        confirm="Leave"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </Box>
  );
}
