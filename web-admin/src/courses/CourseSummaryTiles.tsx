import { Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext } from 'react-admin';
import { queryKeys, useApi } from '../api';
import { formatMoney } from '../common/format';
import { QueryState } from '../common/QueryState';
import { StatCard } from '../common/StatCard';

/** Total Courses, Total Students, Avg Rating (1 decimal), Total Revenue (each enrolment at the price it was made at, as Analytics counts it), computed by the server for the current filter. */
export function CourseSummaryTiles() {
  const api = useApi();
  const { filterValues, total } = useListContext();
  const query = useQuery({
    queryKey: [...queryKeys.courseSummary, filterValues, total],
    queryFn: () => api.getCourseSummary(filterValues),
    placeholderData: (previous) => previous,
  });
  return (
    <QueryState query={query} label="course statistics">
      {(s) => (
        <Grid container spacing={2} sx={{ mb: 2, mt: 1 }}>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Total Courses" value={s.totalCourses.toLocaleString('en-US')} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Total Students" value={s.totalStudents.toLocaleString('en-US')} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Avg Rating" value={Number(s.avgRating).toFixed(1)} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Total Revenue (USD)" value={formatMoney(Number(s.totalRevenue))} />
          </Grid>
        </Grid>
      )}
    </QueryState>
  );
}
