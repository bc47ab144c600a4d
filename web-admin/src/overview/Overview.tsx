import { Box, Grid, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import { queryKeys, useApi } from '../api';
import { QueryState } from '../common/QueryState';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { StatsGrid } from './StatsGrid';
import { SystemStatusPanel } from './SystemStatusPanel';

/** /admin/overview: welcome, the six figures from the server's rollups, shortcuts, activity and system status. */
export default function Overview() {
  const api = useApi();
  const { identity } = useGetIdentity();
  const stats = useQuery({ queryKey: queryKeys.stats, queryFn: () => api.getStats() });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Paper sx={{ p: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Welcome back{identity?.fullName ? `, ${identity.fullName}` : ''}!
        </Typography>
        <Typography>Here is what is happening on your platform today.</Typography>
      </Paper>
      <QueryState query={stats} label="statistics">
        {(data) => <StatsGrid stats={data} />}
      </QueryState>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <QuickActions />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <RecentActivity />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SystemStatusPanel />
        </Grid>
      </Grid>
    </Box>
  );
}
