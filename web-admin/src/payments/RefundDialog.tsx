import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { errorMessage, fieldErrors, useApi } from '../api';
import type { PaymentDetail } from '../api/types';
import { plural } from '../common/plural';

/** Refund with a reason, after showing the refund policy's verdict; the server revokes the access the payment bought. */
export function RefundDialog({ payment, open, onClose }: { payment: PaymentDetail; open: boolean; onClose: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const eligibility = payment.refundEligibility;
  const refund = useMutation({
    mutationFn: () => api.refundPayment(payment.id, reason.trim()),
    onSuccess: () => {
      notify('Payment refunded; the access it bought is revoked', { type: 'success' });
      refresh();
      onClose();
    },
  });
  const busy = refund.isPending;
  const failed = refund.error;
  const error = failed ? (fieldErrors(failed)?.reason ?? errorMessage(failed)) : null;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="refund-title" fullWidth maxWidth="sm">
      <DialogTitle id="refund-title">Refund payment</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Refund {payment.amount} {payment.currency} to {payment.email}? The learner loses the access this payment bought.
        </DialogContentText>
        {eligibility &&
          (eligibility.eligible ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              Eligible under the refund policy
              {eligibility.daysSincePayment !== null
                ? ` (paid ${plural(eligibility.daysSincePayment, 'day')} ago, ${eligibility.percentAccessed}% of lessons accessed)`
                : ''}
              .
            </Alert>
          ) : (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Not eligible under the refund policy:
              <List dense disablePadding>
                {eligibility.reasons.map((r) => (
                  <ListItem key={r} disableGutters>
                    {r}
                  </ListItem>
                ))}
              </List>
            </Alert>
          ))}
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          error={!!error}
          helperText={error ?? 'Shown in the payment history and the audit log'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => refund.mutate()} disabled={busy || reason.trim().length < 3}>
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}
