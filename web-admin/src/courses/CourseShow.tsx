import { Box, Chip, Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import { EditButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { Course } from '../api';
import { PageHeading } from '../common/PageHeading';
import { formatMoney } from '../common/format';
import { DEFAULT_COURSE_DURATION, statusBadge } from '../components/course/choices';
import { CourseThumbnail } from '../components/course/CourseThumbnail';
import { byOrder } from '../components/lessons/lessonRules';
import { CourseReadOnlyFacts } from './CourseReadOnlyFacts';
import { DraftChangesChip } from './DraftChangesChip';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

function CourseDetails() {
  const course = useRecordContext<Course>();
  if (!course) return null;
  const badge = statusBadge(course.status);
  return (
    <Grid container spacing={3} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Field label="Title">{course.title}</Field>
        <Field label="Description">{course.description}</Field>
        <Field label="Instructor">{course.instructor}</Field>
        <Field label="Duration">{course.duration || DEFAULT_COURSE_DURATION}</Field>
        <Field label="Category">{course.category || 'General'}</Field>
        <Field label="Status">
          <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
            <Chip size="small" label={badge.label} sx={badge.sx} />
            <DraftChangesChip courseId={Number(course.id)} />
          </Box>
        </Field>
        <Field label="Total Lessons">{course.totalLessons}</Field>
        <Field label="Price">{course.price ? formatMoney(Number(course.price)) : '-'}</Field>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <CourseThumbnail src={course.thumbnail} alt={course.title} height={180} />
        </Box>
        <CourseReadOnlyFacts />
      </Grid>
      <Grid size={12}>
        <Typography component="h3" variant="h6">
          Lessons ({course.lessons?.length ?? 0})
        </Typography>
        <List dense>
          {byOrder(course.lessons ?? []).map((lesson) => (
            <ListItem key={lesson.id} divider>
              <ListItemText
                primary={`${lesson.order}. ${lesson.title}`}
                secondary={`${lesson.duration} · ${lesson.type} · ${lesson.published ? 'Published' : 'Draft'}`}
              />
            </ListItem>
          ))}
        </List>
      </Grid>
    </Grid>
  );
}

export function CourseShow() {
  return (
    <>
      <PageHeading>Course Details</PageHeading>
      <Show
        title="Course Details"
        actions={
          <TopToolbar>
            <EditButton />
          </TopToolbar>
        }
      >
        <CourseDetails />
      </Show>
    </>
  );
}
