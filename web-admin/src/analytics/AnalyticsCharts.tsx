import { Box, Paper, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '../api';
import { formatWholeMoney } from '../common/format';

interface Series {
  key: string;
  name: string;
  color: string;
  format: (value: number) => string;
}

/** A monthly bar chart of one or more series; its accessible name lists every month's figures. */
function MonthlyChart({
  title,
  testId,
  data,
  series,
}: {
  title: string;
  testId: string;
  data: Array<{ month: string } & Record<string, number | string>>;
  series: Series[];
}) {
  const value = (point: Record<string, number | string>, key: string) => Number(point[key] ?? 0);
  const summary = data.map((d) => `${d.month}: ${series.map((s) => s.format(value(d, s.key))).join(' + ')}`).join(', ');
  // One series: its own format on the axis; several currencies: plain numbers (each bar's tooltip says its currency).
  const axis = series.length === 1 ? series[0].format : (v: number) => v.toLocaleString('en-US', { notation: 'compact' });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="figure" aria-label={`${title}. ${summary}`} data-testid={testId}>
      <Typography component="figcaption" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={(v: number) => axis(v)} tick={{ fontSize: 12 }} width={72} allowDecimals={false} />
            <Tooltip formatter={(v, _name, item) => series.find((s) => s.key === item.dataKey)?.format(Number(v)) ?? String(v)} />
            {series.length > 1 && <Legend />}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

/** The two monthly bar charts (revenue: one series per currency, never summed); this module (with recharts) loads only when the analytics page shows them. */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  const theme = useTheme();
  const colors = [theme.palette.success.main, theme.palette.info.main, theme.palette.warning.main, theme.palette.secondary.main];
  const currencies = data.revenueCurrencies;
  const revenue = data.revenueData.map((m) => ({ month: m.month, ...m.revenue }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <MonthlyChart
        title="User Growth"
        testId="chart-users"
        data={data.userGrowth}
        series={[{ key: 'users', name: 'New users', color: theme.palette.primary.main, format: (v) => v.toLocaleString('en-US') }]}
      />
      <MonthlyChart
        title={currencies.length === 1 ? `Revenue (${currencies[0]})` : 'Revenue'}
        testId="chart-revenue"
        data={revenue}
        series={currencies.map((c, i) => ({ key: c, name: c, color: colors[i % colors.length], format: (v: number) => formatWholeMoney(v, c) }))}
      />
    </Box>
  );
}
