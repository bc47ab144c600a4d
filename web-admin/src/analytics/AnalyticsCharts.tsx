import { Box, Paper, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '../api';
import { formatMoney } from '../common/format';

function MonthlyChart<K extends string>({
  title,
  data,
  dataKey,
  name,
  color,
  format,
}: {
  title: string;
  data: ({ month: string } & Record<K, number>)[];
  dataKey: K;
  name: string;
  color: string;
  format: (value: number) => string;
}) {
  const summary = data.map((d) => `${d.month}: ${format(d[dataKey])}`).join(', ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="figure" aria-label={`${title}. ${summary}`} data-testid={`chart-${dataKey}`}>
      <Typography component="figcaption" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={(v: number) => format(v)} tick={{ fontSize: 12 }} width={72} allowDecimals={false} />
            <Tooltip formatter={(v) => format(Number(v))} />
            <Bar dataKey={dataKey} name={name} fill={color} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

const wholeDollars = (value: number) => formatMoney(value).replace(/\.00$/, '');

/** The two monthly bar charts; this module (with recharts) loads only when the analytics page shows them. */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  const theme = useTheme();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <MonthlyChart
        title="User Growth"
        data={data.userGrowth}
        dataKey="users"
        name="New users"
        color={theme.palette.primary.main}
        format={(v) => v.toLocaleString('en-US')}
      />
      <MonthlyChart title="Revenue" data={data.revenueData} dataKey="revenue" name="Revenue" color={theme.palette.success.main} format={wholeDollars} />
    </Box>
  );
}
