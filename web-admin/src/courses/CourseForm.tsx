import { Box, Button, Grid, Typography } from '@mui/material';
import { minValue, NumberInput, required, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useInput, useRedirect, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Lesson } from '../api';
import { CATEGORY_CHOICES, COURSE_STATUS_CHOICES, parseTotalLessons } from '../components/course/choices';
import { ThumbnailUpload } from '../components/course/ThumbnailUpload';
import { LessonsEditor } from '../components/lessons/LessonsEditor';
import { KeepUnsavedChanges } from '../components/session/KeepUnsavedChanges';

function ThumbnailField() {
  const thumbnail = useWatch({ name: 'thumbnail' });
  const title = useWatch({ name: 'title' });
  const { field } = useInput({ source: 'thumbnail' });
  return (
    <Box>
      <TextInput source="thumbnail" label="Thumbnail URL" fullWidth />
      <ThumbnailUpload src={thumbnail} alt={title || 'Course thumbnail'} onUploaded={field.onChange} />
    </Box>
  );
}

function LessonsInput() {
  const { field } = useInput({ source: 'lessons', defaultValue: [] });
  return <LessonsEditor lessons={(field.value as Lesson[]) ?? []} onChange={field.onChange} heading="Lessons" creatingTitle="Create New Lesson" />;
}

function FormToolbar({ saveLabel }: { saveLabel: string }) {
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label={saveLabel} />
      <Button onClick={() => redirect('list', 'courses')}>{translate('ra.action.cancel')}</Button>
    </Toolbar>
  );
}

/** The course form: the spec's required fields and defaults, the thumbnail with its preview, and the lessons. */
export function CourseForm({ saveLabel, children }: { saveLabel: string; children?: React.ReactNode }) {
  return (
    <SimpleForm noValidate toolbar={<FormToolbar saveLabel={saveLabel} />} warnWhenUnsavedChanges>
      <KeepUnsavedChanges />
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextInput source="title" label="Title" validate={required('Title is required')} fullWidth />
          <TextInput source="description" label="Description" validate={required('Description is required')} multiline minRows={3} fullWidth />
          <TextInput source="instructor" label="Instructor" validate={required('Instructor is required')} fullWidth />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="duration" label="Duration" placeholder="2h 30m" validate={required('Duration is required')} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <NumberInput
                source="totalLessons"
                label="Total Lessons"
                min={0}
                step={1}
                parse={parseTotalLessons}
                validate={[required('Total lessons is required'), minValue(0)]}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectInput source="category" label="Category" choices={CATEGORY_CHOICES} defaultValue="Marketing" validate={required()} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectInput source="status" label="Status" choices={COURSE_STATUS_CHOICES} defaultValue="draft" validate={required()} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <NumberInput source="price" label="Price (USD)" min={0} step={1} fullWidth />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ThumbnailField />
          {children}
        </Grid>
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Lesson changes are saved with the course.
      </Typography>
      <LessonsInput />
    </SimpleForm>
  );
}
