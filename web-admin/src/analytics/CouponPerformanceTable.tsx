import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '../api';
import { QueryState } from '../common/QueryState';

const money = (amount: string, currency: string) =>
  `${new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(amount))} ${currency}`;

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
            <TableContainer>
              <Table size="small" aria-labelledby="coupon-performance-heading">
                <TableHead>
                  <TableRow>
                    <TableCell>Code</TableCell>
                    <TableCell align="right">Redemptions</TableCell>
                    <TableCell align="right">Revenue</TableCell>
                    <TableCell align="right">Discount given</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={`${row.code}-${row.currency}`}>
                      <TableCell>{row.code}</TableCell>
                      <TableCell align="right">{row.redemptions.toLocaleString('en-US')}</TableCell>
                      <TableCell align="right">{money(row.revenue, row.currency)}</TableCell>
                      <TableCell align="right">{money(row.discount, row.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryState>
    </Paper>
  );
}
