import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { DateInput, Form, maxValue, minValue, NumberInput, required, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Lesson } from '../../api';
import { isHttpsUrl, parseOrder } from './lessonRules';
import { PdfUploadInput } from './PdfUploadInput';
import { PublishCheckbox } from './PublishCheckbox';
import { QuizEditor } from './QuizEditor';

const LessonContentInput = lazy(() => import('../../editor/LessonContentInput'));

const TYPE_CHOICES = [
  { id: 'text', name: 'Text' },
  { id: 'video', name: 'Video' },
  { id: 'pdf', name: 'PDF' },
  { id: 'quiz', name: 'Quiz' },
];

const httpsEmbed: Validator = (value) => (value && !isHttpsUrl(value) ? 'Enter an https embed URL' : undefined);

function TypeFields() {
  const type = useWatch({ name: 'type' });
  if (type === 'video')
    return (
      <TextInput
        source="videoUrl"
        label="Video URL"
        placeholder="https://www.youtube.com/embed/VIDEO_ID"
        helperText="An embed link (YouTube, Vimeo, Loom or Wistia)"
        validate={[required('Video URL is required'), httpsEmbed]}
        fullWidth
      />
    );
  if (type === 'pdf') return <PdfUploadInput source="pdfUrl" validate={required('Upload a PDF')} />;
  if (type === 'quiz') return <QuizEditor source="quiz" />;
  return null;
}

/** Drip release: one rule at most, days after the learner's purchase or a date. */
const oneDripRule: Validator = (_value, values: Record<string, unknown>) =>
  values.dripDays && values.availableFrom ? 'Choose one release rule: days after purchase or a date, not both' : undefined;

function DripFields() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <NumberInput
        source="dripDays"
        label="Available days after purchase"
        helperText="Empty: available at once"
        min={1}
        step={1}
        parse={(v) => (v === '' || v == null ? null : Math.trunc(Number(v)))}
        validate={[minValue(1, 'At least 1 day'), maxValue(3650, 'At most 3650 days'), oneDripRule]}
      />
      <DateInput source="availableFrom" label="Or available from" helperText="A date (UTC)" parse={(v) => (v ? v : null)} />
    </Stack>
  );
}

function Heading({ id, creatingTitle }: { id: string; creatingTitle: string }) {
  const title = useWatch({ name: 'title' });
  return <DialogTitle id={id}>{title === 'New Lesson' ? creatingTitle : 'Edit Lesson'}</DialogTitle>;
}

/** Reports the form's values as they change (the editor keeps them in the browser until the lesson is saved). */
function ValuesSpy({ onChange }: { onChange: (values: Lesson) => void }) {
  const values = useWatch();
  useEffect(() => onChange(values as Lesson), [values, onChange]);
  return null;
}

/** Keeps only the fields of the lesson's type. */
function normalise(values: Record<string, unknown>): Lesson {
  const lesson = values as unknown as Lesson;
  return {
    ...lesson,
    title: String(lesson.title).trim(),
    duration: String(lesson.duration).trim(),
    order: parseOrder(lesson.order),
    videoUrl: lesson.type === 'video' ? (lesson.videoUrl ?? '').trim() : null,
    pdfUrl: lesson.type === 'pdf' ? lesson.pdfUrl : null,
    quiz:
      lesson.type === 'quiz' && lesson.quiz
        ? { ...lesson.quiz, questions: lesson.quiz.questions.map((q) => ({ ...q, acceptedAnswers: q.acceptedAnswers.map((a) => a.trim()).filter(Boolean) })) }
        : null,
    dripDays: lesson.dripDays ? Number(lesson.dripDays) : null,
    availableFrom: lesson.availableFrom || null,
    content: lesson.content ?? '',
    published: !!lesson.published,
  };
}

/**
 * The lesson editor: title, duration, order, type (text, video, pdf, quiz) with its
 * URL, file or quiz, the release rule (drip), 'Publish this lesson', and the rich-text content.
 */
export function LessonDialog({
  lesson,
  creatingTitle,
  onSave,
  onCancel,
  onValuesChange,
}: {
  lesson: Lesson;
  creatingTitle: string;
  onSave: (lesson: Lesson) => void;
  onCancel: () => void;
  onValuesChange?: (values: Lesson) => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onCancel} aria-labelledby="lesson-dialog-title">
      {/* The dialog is portaled but React bubbles its submit to an enclosing course form: stop it here. */}
      <Box onSubmit={(e) => e.stopPropagation()}>
        <Form record={lesson} onSubmit={(values: Record<string, unknown>) => onSave(normalise(values))} noValidate>
          <Heading id="lesson-dialog-title" creatingTitle={creatingTitle} />
          {onValuesChange && <ValuesSpy onChange={onValuesChange} />}
          <DialogContent dividers>
            <TextInput source="title" label="Lesson Title" validate={required('Title is required')} fullWidth />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput source="duration" label="Duration" placeholder="15m, 1h 30m" validate={required('Duration is required')} />
              <NumberInput
                source="order"
                label="Order"
                min={1}
                step={1}
                parse={(v) => (v === '' || v == null ? null : parseOrder(v))}
                validate={[required('Order is required'), minValue(1, 'Order must be at least 1')]}
              />
              <SelectInput source="type" label="Lesson Type" choices={TYPE_CHOICES} validate={required()} />
            </Stack>
            <TypeFields />
            <DripFields />
            <PublishCheckbox source="published" />
            <Suspense
              fallback={
                <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }}>
                  <CircularProgress size={16} aria-hidden /> Loading editor...
                </Box>
              }
            >
              <LessonContentInput source="content" label="Content" />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained">
              Save Lesson
            </Button>
          </DialogActions>
        </Form>
      </Box>
    </Dialog>
  );
}
