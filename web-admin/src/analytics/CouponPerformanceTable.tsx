import { Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '../api';
import { QueryState } from '../common/QueryState';
import { ResponsiveTable, type TableColumn } from '../common/ResponsiveTable';

const money = (amount: string, currency: string) =>
  `${new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(amount))} ${currency}`;

type Row = { code: string; currency: string; redemptions: number; revenue: string; discount: string };

const COLUMNS: TableColumn<Row>[] = [
  { label: 'Code', render: (row) => row.code },
  { label: 'Redemptions', numeric: true, render: (row) => row.redemptions.toLocaleString('en-US') },
  { label: 'Revenue', numeric: true, render: (row) => money(row.revenue, row.currency) },
  { label: 'Discount given', numeric: true, render: (row) => money(row.discount, row.currency) },
];

/** Coupon performance (GET /api/admin/coupons/performance): per coupon and currency, paid redemptions, revenue and discount given. */
export function CouponPerformanceTable() {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.couponPerformance, queryFn: () => api.getCouponPerformance() });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="h6" gutterBottom id="coupon-performance-heading">
        Coupon Performance
      </Typography>
      <QueryState query={query} label="coupon performance">
        {(rows) =>
          rows.length === 0 ? (
            <Typography variant="body2">No coupon has been redeemed yet.</Typography>
          ) : (
            <ResponsiveTable rows={rows} columns={COLUMNS} rowKey={(row) => `${row.code}-${row.currency}`} labelledBy="coupon-performance-heading" />
          )
        }
      </QueryState>
    </Paper>
  );
}
