import PaidIcon from '@mui/icons-material/Paid';
import { Box, Button, Checkbox, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { AffiliateOwed, SaleCurrency } from '../../api/types';
import { payoutMethodName } from '../choices';
import { sumAmounts } from './amounts';
import { MarkAsPaidDialog } from './MarkAsPaidDialog';

/** What affiliates are owed in one currency; the chosen rows are marked as paid together. */
export function OwedTable({ currency, rows }: { currency: SaleCurrency; rows: AffiliateOwed[] }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [paying, setPaying] = useState(false);
  // Rows paid meanwhile (by this page or another admin) leave the table, and the choice.
  const selected = rows.filter((row) => chosen.has(row.affiliateId));
  const toggle = (id: string) =>
    setChosen((before) => {
      const after = new Set(before);
      if (after.has(id)) after.delete(id);
      else after.add(id);
      return after;
    });
  const allChosen = selected.length === rows.length;
  const headingId = `owed-${currency}`;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} component="h3" variant="h6">
          Owed in {currency}: {sumAmounts(rows.map((row) => row.amount))}
        </Typography>
        <Button variant="contained" size="small" startIcon={<PaidIcon />} disabled={selected.length === 0} onClick={() => setPaying(true)}>
          Mark as paid
        </Button>
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChosen}
                  indeterminate={selected.length > 0 && !allChosen}
                  onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((row) => row.affiliateId)))}
                  slotProps={{ input: { 'aria-label': `Select every affiliate owed ${currency}` } }}
                />
              </TableCell>
              <TableCell>Affiliate</TableCell>
              <TableCell>Payout method</TableCell>
              <TableCell>Payout details</TableCell>
              <TableCell>Currency</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.affiliateId} selected={chosen.has(row.affiliateId)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={chosen.has(row.affiliateId)}
                    onChange={() => toggle(row.affiliateId)}
                    slotProps={{ input: { 'aria-label': `Select ${row.name} (${currency})` } }}
                  />
                </TableCell>
                <TableCell>
                  {row.name}
                  <Typography variant="body2" color="text.secondary">
                    {row.email}
                  </Typography>
                </TableCell>
                <TableCell>{payoutMethodName(row.payoutMethod)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.payoutDetails}</TableCell>
                <TableCell>{row.currency}</TableCell>
                <TableCell align="right">{row.amount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {paying && <MarkAsPaidDialog currency={currency} rows={selected} onClose={() => setPaying(false)} onPaid={() => setChosen(new Set())} />}
    </Paper>
  );
}
