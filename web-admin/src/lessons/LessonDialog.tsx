import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Form, minValue, NumberInput, required, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Lesson } from '../api';
import { isHttpsUrl, parseOrder } from './lessonRules';
import { PdfUploadInput } from './PdfUploadInput';
import { PublishCheckbox } from './PublishCheckbox';

const LessonContentInput = lazy(() => import('../editor/LessonContentInput'));

const TYPE_CHOICES = [
  { id: 'text', name: 'Text' },
  { id: 'video', name: 'Video' },
  { id: 'pdf', name: 'PDF' },
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
  return null;
}

function Heading({ id, creatingTitle }: { id: string; creatingTitle: string }) {
  const title = useWatch({ name: 'title' });
  return <DialogTitle id={id}>{title === 'New Lesson' ? creatingTitle : 'Edit Lesson'}</DialogTitle>;
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
    content: lesson.content ?? '',
    published: !!lesson.published,
  };
}

/**
 * The lesson editor: title, duration, order, type (text, video, pdf) with its
 * URL or file, 'Publish this lesson', and the rich-text content.
 */
export function LessonDialog({
  lesson,
  creatingTitle,
  onSave,
  onCancel,
}: {
  lesson: Lesson;
  creatingTitle: string;
  onSave: (lesson: Lesson) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onCancel} aria-labelledby="lesson-dialog-title">
      {/* The dialog is portaled but React bubbles its submit to an enclosing course form: stop it here. */}
      <Box onSubmit={(e) => e.stopPropagation()}>
        <Form record={lesson} onSubmit={(values: Record<string, unknown>) => onSave(normalise(values))} noValidate>
          <Heading id="lesson-dialog-title" creatingTitle={creatingTitle} />
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
