import { Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { CATEGORIES } from '../components/course/choices';
import { parseTotalLessons } from '../components/course/choices';
import { ThumbnailUpload } from '../components/course/ThumbnailUpload';
import type { CourseContent } from '../api';

/** A price field's text as a number of at least 0 (empty: 0). */
const parsePrice = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

/** The draft's course fields: title, instructor, description, thumbnail (URL or upload), duration, category, price and planned lessons. */
export function CourseDetailsForm({ course, onChange }: { course: CourseContent; onChange: (patch: Partial<CourseContent>) => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="course-details-heading">
      <Typography id="course-details-heading" component="h2" variant="h6" gutterBottom>
        Course Details
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <TextField label="Course Title" value={course.title} onChange={(e) => onChange({ title: e.target.value })} required fullWidth />
            <TextField label="Instructor" value={course.instructor} onChange={(e) => onChange({ instructor: e.target.value })} fullWidth />
            <TextField
              label="Description"
              value={course.description}
              onChange={(e) => onChange({ description: e.target.value })}
              multiline
              minRows={3}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Duration" placeholder="2h 30m" value={course.duration} onChange={(e) => onChange({ duration: e.target.value })} fullWidth />
              <TextField
                label="Total Lessons"
                type="number"
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                value={course.totalLessons ?? 0}
                onChange={(e) => onChange({ totalLessons: parseTotalLessons(e.target.value) ?? 0 })}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Category"
                value={course.category}
                onChange={(e) => onChange({ category: e.target.value as CourseContent['category'] })}
                fullWidth
              >
                {CATEGORIES.map((category) => (
                  <MenuItem key={category} value={category}>
                    {category}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Price (USD)"
                type="number"
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                value={course.price ?? 0}
                onChange={(e) => onChange({ price: parsePrice(e.target.value) })}
                fullWidth
              />
            </Stack>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <TextField label="Thumbnail URL" value={course.thumbnail} onChange={(e) => onChange({ thumbnail: e.target.value })} fullWidth />
            <ThumbnailUpload src={course.thumbnail} alt={course.title || 'Course thumbnail'} onUploaded={(thumbnail) => onChange({ thumbnail })} />
          </Stack>
        </Grid>
      </Grid>
    </Paper>
  );
}
