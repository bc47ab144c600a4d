import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '../../api';
import type { AffiliateOwed, SaleCurrency } from '../../api/types';
import { PageHeading } from '../../common/PageHeading';
import { QueryState } from '../../common/QueryState';
import { OwedTable } from './OwedTable';
import { PayoutBatchList } from './PayoutBatchList';

/** The owed rows grouped by currency, in the server's order: a batch is paid in one currency. */
function byCurrency(rows: AffiliateOwed[]): Array<[SaleCurrency, AffiliateOwed[]]> {
  const groups = new Map<SaleCurrency, AffiliateOwed[]>();
  for (const row of rows) {
    // Commissions are earned on sales, so they are owed in a sale currency.
    const currency = row.currency as SaleCurrency;
    groups.set(currency, [...(groups.get(currency) ?? []), row]);
  }
  return [...groups];
}

/** /affiliate-payouts: what each affiliate is owed (approved commissions minus clawbacks), and the batches already paid. */
export function AffiliatePayoutsPage() {
  const api = useApi();
  const owed = useQuery({ queryKey: queryKeys.affiliatesOwed, queryFn: () => api.getAffiliatesOwed() });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading>Owed to affiliates</PageHeading>
      <QueryState query={owed} label="what affiliates are owed">
        {(rows) =>
          rows.length === 0 ? (
            <Typography variant="body2">Nothing is owed: no payable commission waits for a payout.</Typography>
          ) : (
            <Stack spacing={2}>
              {byCurrency(rows).map(([currency, group]) => (
                <OwedTable key={currency} currency={currency} rows={group} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <PageHeading>Payout batches</PageHeading>
      <PayoutBatchList />
    </Box>
  );
}
