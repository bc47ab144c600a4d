import { Grid } from '@mui/material';
import type { AdminStats } from '../api';
import { StatCard } from '../common/StatCard';

const CARDS: { key: keyof AdminStats['changes']; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeCourses', label: 'Active Courses' },
  { key: 'activeUsers', label: 'Active Users (24h)' },
  { key: 'revenue', label: 'Revenue (Month)' },
  { key: 'completionRate', label: 'Completion Rate' },
  { key: 'systemHealth', label: 'System Health' },
];

const format = (value: string | number) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);

export function StatsGrid({ stats }: { stats: AdminStats }) {
  return (
    <Grid container spacing={2}>
      {CARDS.map(({ key, label }) => (
        <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
          <StatCard label={label} value={format(stats[key])} change={stats.changes?.[key]} />
        </Grid>
      ))}
    </Grid>
  );
}
