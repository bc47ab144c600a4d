import { Grid, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Course } from '../api';
import { plural } from '../common/plural';

/** Outside create mode: Students, Rating (x/5), Created and Last Updated, as the server computed them. */
export function CourseReadOnlyFacts() {
  const course = useRecordContext<Course>();
  if (!course) return null;
  const facts = [
    ['Students', String(course.students ?? 0)],
    ['Rating', `${Number(course.rating ?? 0).toFixed(1)}/5 (${plural(Number(course.ratingsCount ?? 0), 'rating')})`],
    ['Created', course.createdDate ?? ''],
    ['Last Updated', course.lastUpdated ?? ''],
  ];
  return (
    <Grid container spacing={1} sx={{ mt: 2 }}>
      {facts.map(([label, value]) => (
        <Grid key={label} size={6}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography>{value}</Typography>
        </Grid>
      ))}
    </Grid>
  );
}
