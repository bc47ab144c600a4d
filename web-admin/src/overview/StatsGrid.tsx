import { Grid } from '@mui/material';
import type { AdminStats } from '../api';
import { revenueCard } from '../common/revenue';
import { StatCard } from '../common/StatCard';

const CARDS: { key: keyof AdminStats['changes']; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeCourses', label: 'Active Courses' },
  { key: 'activeUsers', label: 'Active Users (24h)' },
  { key: 'revenue', label: 'Revenue (Month, USD)' },
  { key: 'completionRate', label: 'Completion Rate' },
  { key: 'systemHealth', label: 'System Health' },
];

const format = (value: string | number) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);

export function StatsGrid({ stats }: { stats: AdminStats }) {
  return (
    <Grid container spacing={2}>
      {CARDS.map(({ key, label }) => {
        const card = key === 'revenue' ? revenueCard('Revenue', 'Month', stats.revenueByCurrency, stats.revenue) : { label, value: format(stats[key]) };
        return (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
            <StatCard label={card.label} value={card.value} change={stats.changes?.[key]} />
          </Grid>
        );
      })}
    </Grid>
  );
}
