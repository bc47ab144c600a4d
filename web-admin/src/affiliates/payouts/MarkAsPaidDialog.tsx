import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { fieldErrors } from '../../api';
import type { AffiliateOwed, SaleCurrency } from '../../api/types';
import { plural } from '../../common/plural';
import { sumAmounts } from './amounts';
import { useMarkAffiliatesPaid } from './useMarkAffiliatesPaid';

/** Marks the chosen affiliates of one currency as paid, once the admin gives the payment's reference (kept with the batch and in its CSV). */
export function MarkAsPaidDialog({
  currency,
  rows,
  onClose,
  onPaid,
}: {
  currency: SaleCurrency;
  rows: AffiliateOwed[];
  onClose: () => void;
  onPaid: () => void;
}) {
  const [reference, setReference] = useState('');
  const markPaid = useMarkAffiliatesPaid();
  const busy = markPaid.isPending;
  // A refused reference is said on the field; any other refusal in the notice (useConsoleAction).
  const error = markPaid.error ? (fieldErrors(markPaid.error)?.reference ?? null) : null;
  const submit = () =>
    markPaid.mutate(
      { currency, affiliateIds: rows.map((row) => row.affiliateId), reference: reference.trim() },
      {
        onSuccess: () => {
          onPaid();
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="mark-paid-title" fullWidth maxWidth="sm">
      <DialogTitle id="mark-paid-title">Mark as paid</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Record {sumAmounts(rows.map((row) => row.amount))} {currency} to {plural(rows.length, 'affiliate')} as paid? Their payable commissions in {currency}{' '}
          become paid in one batch.
        </DialogContentText>
        <TextField
          label="Reference"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          required
          fullWidth
          autoFocus
          error={!!error}
          helperText={error ?? 'The bank transfer or transaction reference, kept with the batch and in its CSV'}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || reference.trim() === ''}>
          Mark as paid
        </Button>
      </DialogActions>
    </Dialog>
  );
}
