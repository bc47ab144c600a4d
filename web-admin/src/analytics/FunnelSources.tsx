import DownloadIcon from '@mui/icons-material/Download';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys, useApi, type AnalyticsRange, type FunnelDimension, type FunnelRow } from '../api';
import { QueryState } from '../common/QueryState';
import { ResponsiveTable, type TableColumn } from '../common/ResponsiveTable';
import { useConsoleAction } from '../common/useConsoleAction';

const FUNNEL_DIMENSIONS: { value: FunnelDimension; label: string }[] = [
  { value: 'affiliate', label: 'Affiliate' },
  { value: 'utm_source', label: 'UTM source' },
  { value: 'utm_medium', label: 'UTM medium' },
  { value: 'utm_campaign', label: 'UTM campaign' },
  { value: 'referrer', label: 'Referrer' },
  { value: 'coupon', label: 'Coupon' },
];

/** A conversion rate (a fraction) as the table shows it, "3.1%"; a dash when there was nothing to rate it against. */
const rateText = (rate: number | null): string => (rate === null ? '\u2014' : `${(rate * 100).toFixed(1)}%`);

const count = (value: number) => value.toLocaleString('en-US');

const COLUMNS: TableColumn<FunnelRow>[] = [
  { label: 'Source', render: (row) => row.label },
  { label: 'Visits', numeric: true, render: (row) => count(row.visits) },
  { label: 'Checkouts', numeric: true, render: (row) => count(row.checkouts) },
  { label: 'Paid', numeric: true, render: (row) => count(row.paid) },
  { label: 'Refunded', numeric: true, render: (row) => count(row.refunded) },
  { label: 'Checkout rate', numeric: true, render: (row) => rateText(row.checkoutRate) },
  { label: 'Paid rate', numeric: true, render: (row) => rateText(row.paidRate) },
  { label: 'Conversion rate', numeric: true, render: (row) => rateText(row.conversionRate) },
  { label: 'Refund rate', numeric: true, render: (row) => rateText(row.refundRate) },
];

/**
 * Sources (GET /api/admin/analytics/funnel): the public pages' visits, the
 * checkouts started, paid and refunded per affiliate, campaign, referring site
 * or coupon over the page's range, each step's rate, and the totals; Export
 * CSV downloads the same table as the server writes it.
 */
export function FunnelSources({ range }: { range: AnalyticsRange }) {
  const api = useApi();
  const [dimension, setDimension] = useState<FunnelDimension>('affiliate');
  const query = useQuery({ queryKey: queryKeys.funnel(range, dimension), queryFn: () => api.getFunnel(range, dimension) });
  const exportCsv = useConsoleAction((_: void) => api.exportFunnelCsv(range, dimension), { failure: 'Export failed', refresh: false });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="funnel-sources-heading">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography component="h3" variant="h6" id="funnel-sources-heading">
          Sources
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Source type"
            value={dimension}
            onChange={(event) => setDimension(event.target.value as FunnelDimension)}
            sx={{ minWidth: 180 }}
          >
            {FUNNEL_DIMENSIONS.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      <QueryState query={query} label="sources">
        {(funnel) =>
          funnel.rows.length === 0 ? (
            <Typography variant="body2">No visits or checkouts in this range.</Typography>
          ) : (
            <ResponsiveTable rows={funnel.rows} columns={COLUMNS} rowKey={(row) => row.value} labelledBy="funnel-sources-heading" footer={funnel.totals} />
          )
        }
      </QueryState>
    </Paper>
  );
}
