import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { queryKeys, saveBlob, useApi, type Analytics, type AnalyticsRange } from '../api';
import { QueryState } from '../common/QueryState';
import { revenueCard } from '../common/revenue';
import { StatCard } from '../common/StatCard';
import { CouponPerformanceTable } from './CouponPerformanceTable';
import { CoursePerformanceTable } from './CoursePerformanceTable';
import { analyticsCsv } from './csv';
import { FunnelSources } from './FunnelSources';
import { passRateText } from './passRate';
import { RangeSelector } from './RangeSelector';
import { RecentUserActivity } from './RecentUserActivity';

const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'));

function ChartsLoading() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }} role="status">
      <CircularProgress size={18} aria-hidden />
      <Typography variant="body2">Loading charts...</Typography>
    </Box>
  );
}

function exportCsv(data: Analytics) {
  saveBlob(new Blob([analyticsCsv(data)], { type: 'text/csv;charset=utf-8' }), `analytics-${data.range}.csv`);
}

/** /admin/analytics: one range at a time from GET /api/admin/analytics (server-side rollups), and the funnel by source for it. */
export default function AnalyticsPage() {
  const api = useApi();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const query = useQuery({ queryKey: queryKeys.analytics(range), queryFn: () => api.getAnalytics(range) });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <RangeSelector value={range} onChange={setRange} />
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!query.data} onClick={() => query.data && exportCsv(query.data)}>
          Export
        </Button>
      </Stack>
      <QueryState query={query} label="analytics">
        {(data) => (
          <>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard label="New Users" value={data.stats.newUsers.toLocaleString('en-US')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard label="Active Users" value={data.stats.activeUsers.toLocaleString('en-US')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard {...revenueCard('Revenue', null, data.stats.revenueByCurrency, data.stats.revenue)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard label="Course Completions" value={data.stats.completions.toLocaleString('en-US')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Quiz Attempts" value={data.stats.quizAttempts.toLocaleString('en-US')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Quiz Pass Rate" value={passRateText(data.stats.quizPassRate)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Certificates Issued" value={data.stats.certificatesIssued.toLocaleString('en-US')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard {...revenueCard('Recovered revenue', null, data.recovery.revenueByCurrency, data.recovery.revenue)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Checkout reminders sent" value={data.recovery.remindersSent.toLocaleString('en-US')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Recovered sales" value={data.recovery.recoveredSales.toLocaleString('en-US')} />
              </Grid>
            </Grid>
            <Suspense fallback={<ChartsLoading />}>
              <AnalyticsCharts data={data} />
            </Suspense>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 8 }}>
                <CoursePerformanceTable rows={data.coursePerformance} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <RecentUserActivity days={data.userActivity} />
              </Grid>
            </Grid>
            <CouponPerformanceTable />
          </>
        )}
      </QueryState>
      <FunnelSources range={range} />
    </Box>
  );
}
